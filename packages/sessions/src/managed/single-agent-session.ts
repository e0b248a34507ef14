import type { Agent } from '@ufo-ts/agent-fsm';
import type { RoundAgent } from '@ufo-ts/core';
import { applyAgentCheckpoint, captureAgent, restoreBlackboard } from '../checkpoint/agent-checkpoint.js';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { ManagedSession, type AgentsCheckpoint, type ManagedSessionSpec } from './managed-session.js';
import type { ManagedSessionOptions } from './managed-session-options.js';
import { reselectWindow } from './reselect-window.js';
import type { SessionRuntime } from './session-runtime.js';

/** A session driven by one agent that handles every step of a round (LinuxAgent, OperatorAgent). */
export abstract class SingleAgentSession<A extends Agent> extends ManagedSession {
  readonly agent: A;

  protected constructor(options: ManagedSessionOptions, runtime: SessionRuntime, spec: Omit<ManagedSessionSpec, 'startAgent'>, agent: A) {
    super(options, runtime, { ...spec, startAgent: () => (agent.reset(), agent) });
    this.agent = agent;
  }

  protected captureAgents(position: SessionCheckpoint['position']): AgentsCheckpoint {
    const state = position?.agent === this.agent.name ? position.state : undefined;
    return { agents: [captureAgent(this.agent, 'main', state)], blackboard: this.agent.blackboard.toJSON() as SessionCheckpoint['blackboard'] };
  }

  /**
   * Applies the agent's checkpoint and the blackboard, and selects the window the agent had selected again
   * (`reselectWindow`): the tool servers of a new process have no selection.
   */
  protected async restoreAgents(checkpoint: SessionCheckpoint): Promise<Map<string, RoundAgent>> {
    restoreBlackboard(this.agent.blackboard, checkpoint.blackboard);
    const saved = checkpoint.agents.find((a) => a.role === 'main');
    if (saved) applyAgentCheckpoint(this.agent, saved);
    await reselectWindow(this.agent, this.context);
    return new Map([[this.agent.name, this.agent]]);
  }
}
