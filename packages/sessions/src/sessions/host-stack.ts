import { HostAgent, type Agent, type AgentRegistry, type StepProcessor } from '@ufo-ts/agent-fsm';
import type { Context, RoundAgent } from '@ufo-ts/core';
import { appInstructionsFor, createHostAgentStack, type AppProcessorOptions, type HostProcessorOptions } from '@ufo-ts/processor-strategies';
import { applyAgentCheckpoint, captureAgent, restoreBlackboard } from '../checkpoint/agent-checkpoint.js';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { SessionError } from '../errors.js';
import { appLlmWithExamples, hostLlmWithExamples } from '../experience/retrieval-strategies.js';
import type { AgentsCheckpoint } from '../managed/managed-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { reselectWindow } from '../managed/reselect-window.js';
import type { SessionRuntime } from '../managed/session-runtime.js';

/** How the HostAgent → AppAgent stack of a session is built. */
export interface HostStackOptions {
  /** Third-party agents the host may choose like applications. */
  registry?: AgentRegistry;
  /** Options of the built-in HostAgent processor (custom strategies plug in here). */
  host?: HostProcessorOptions;
  /** Options of the built-in AppAgent processor. */
  app?: AppProcessorOptions;
  /** Use this processor for the HostAgent instead of the built-in one. */
  hostProcessor?: StepProcessor;
  /** Use this processor for AppAgents (and third-party agents) instead of the built-in one. */
  appProcessor?: StepProcessor;
}

/**
 * Builds the HostAgent whose ASSIGN creates AppAgents: the HostAgent uses the `HOST_AGENT` model, AppAgents the
 * `APP_AGENT` model, with retrieved examples in both prompts when `examples` is configured.
 */
export function buildHostStack(runtime: SessionRuntime, options: ManagedSessionOptions & HostStackOptions, mode: 'normal' | 'follower'): HostAgent {
  const examples = options.examples;
  const hostOptions: HostProcessorOptions = examples
    ? {
        ...options.host,
        strategies: {
          LLM_INTERACTION: hostLlmWithExamples({ ...examples, ...(options.host?.toolMode ? { toolMode: options.host.toolMode } : {}) }),
          ...options.host?.strategies,
        },
      }
    : (options.host ?? {});
  const appOptions: AppProcessorOptions = examples
    ? {
        ...options.app,
        strategies: {
          LLM_INTERACTION: appLlmWithExamples({
            ...examples,
            ...appInstructionsFor(options.app),
            ...(options.app?.toolMode ? { toolMode: options.app.toolMode } : {}),
          }),
          ...options.app?.strategies,
        },
      }
    : (options.app ?? {});
  return createHostAgentStack({
    model: runtime.model('HOST_AGENT'),
    appModel: runtime.model('APP_AGENT'),
    dispatcher: runtime.dispatcher,
    interactor: runtime.interactor,
    events: runtime.events,
    logSink: runtime.logSink,
    clock: runtime.clock,
    host: hostOptions,
    app: appOptions,
    safeGuard: options.safeGuard ?? true,
    mode,
    ...(options.hostProcessor ? { hostProcessor: options.hostProcessor } : {}),
    ...(options.appProcessor ? { appProcessor: options.appProcessor } : {}),
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.platform ? { platform: options.platform } : {}),
  });
}

/** Tracks the host's sub-agents (the host keeps them privately) so checkpoints can list them all. */
export class HostStackTracker {
  private readonly subAgents = new Map<string, Agent>();

  constructor(readonly host: HostAgent) {}

  /** The host's state and every sub-agent seen so far; `position` overrides the next agent's state. */
  capture(position: SessionCheckpoint['position']): AgentsCheckpoint {
    const active = this.host.activeSubAgent;
    if (active) this.subAgents.set(active.name, active);
    const stateOf = (agent: Agent) => (agent.name === position?.agent ? position.state : undefined);
    return {
      agents: [captureAgent(this.host, 'host', stateOf(this.host)), ...[...this.subAgents.values()].map((a) => captureAgent(a, 'sub', stateOf(a)))],
      ...(active ? { activeSubAgent: active.name } : {}),
      blackboard: this.host.blackboard.toJSON() as SessionCheckpoint['blackboard'],
    };
  }

  /**
   * Rebuilds the host's sub-agents through its own ASSIGN (the active one last), then applies every agent's
   * checkpoint and the blackboard, and selects the checkpoint's application window again (`reselectWindow`).
   * Returns the agents by name.
   */
  async restore(checkpoint: SessionCheckpoint, context: Context): Promise<Map<string, RoundAgent>> {
    restoreBlackboard(this.host.blackboard, checkpoint.blackboard);
    const out = new Map<string, RoundAgent>([[this.host.name, this.host]]);
    const subs = checkpoint.agents
      .filter((a) => a.role === 'sub')
      .sort((a, b) => Number(a.name === checkpoint.activeSubAgent) - Number(b.name === checkpoint.activeSubAgent));
    for (const sub of subs) {
      if (!sub.assignment) throw new SessionError('CHECKPOINT_INVALID', `Sub-agent ${sub.name} has no assignment in the checkpoint`);
      this.host.pendingAssignment = sub.assignment;
      const outcome = await this.host.runAssign(context);
      const agent = this.host.activeSubAgent;
      if (outcome !== 'assigned' || !agent) {
        throw new SessionError('CHECKPOINT_NOT_RESUMABLE', `Sub-agent ${sub.name} could not be re-created (is its third-party agent registered?)`);
      }
      applyAgentCheckpoint(agent, sub);
      this.subAgents.set(agent.name, agent);
      out.set(agent.name, agent);
    }
    const hostCheckpoint = checkpoint.agents.find((a) => a.role === 'host');
    if (hostCheckpoint) applyAgentCheckpoint(this.host, hostCheckpoint);
    await reselectWindow(this.host, context);
    return out;
  }
}
