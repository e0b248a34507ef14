import { Agent, LINUX_AGENT_TABLE, StateMachine, type AgentOptions } from '@ufo-ts/agent-fsm';
import type { Context, DispatchTarget } from '@ufo-ts/core';

/** Options of {@link OperatorAgent}. */
export interface OperatorAgentOptions extends AgentOptions {
  /** Agent kind used to route tool servers (default `OperatorAgent`). */
  kind?: string;
}

/**
 * A computer-use agent: it looks at the whole screen and acts with coordinates (click, type, keys, scroll, drag),
 * one action per step, until it finishes. Single tier, with the same PENDING and CONFIRM states as LinuxAgent
 * (the original's operator states were synchronous and dead, inventory §3.4: this is a redesign).
 */
export class OperatorAgent extends Agent {
  readonly kind: string;
  readonly machine: StateMachine;

  constructor(options: OperatorAgentOptions) {
    super(options);
    this.kind = options.kind ?? 'OperatorAgent';
    this.machine = new StateMachine(this.kind, LINUX_AGENT_TABLE);
  }

  override dispatchTarget(_context: Context): DispatchTarget {
    return { agent: this.kind };
  }
}
