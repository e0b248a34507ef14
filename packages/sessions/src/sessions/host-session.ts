import type { HostAgent } from '@ufo-ts/agent-fsm';
import type { RoundAgent } from '@ufo-ts/core';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { ManagedSession, type AgentsCheckpoint } from '../managed/managed-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { prepareRuntime } from '../managed/session-runtime.js';
import { buildHostStack, HostStackTracker, type HostStackOptions } from './host-stack.js';

/** Options of {@link HostSession}. */
export interface HostSessionOptions extends ManagedSessionOptions, HostStackOptions {}

/**
 * The interactive two-tier session (the original's `Session`): each round the HostAgent plans the request and
 * assigns subtasks to AppAgents (or third-party agents) until it finishes. Works on any platform whose dispatcher
 * offers the HostAgent's and AppAgent's tools.
 *
 * @example
 * ```ts
 * const session = new HostSession({
 *   task: 'calc', // log folder logs/calc
 *   request: 'What is 12 times 34?',
 *   models: { HOST_AGENT: hostModel, APP_AGENT: appModel },
 *   dispatcher,
 *   interactor: new ProgrammaticInteractor(),
 * });
 * const outcome = await session.run(); // never throws for a session failure: see outcome.status
 * ```
 */
export class HostSession extends ManagedSession {
  readonly host: HostAgent;
  private readonly tracker: HostStackTracker;

  constructor(options: HostSessionOptions) {
    const runtime = prepareRuntime(options);
    const host = buildHostStack(runtime, options, 'normal');
    super(options, runtime, { kind: 'host', mode: 'normal', startAgent: () => (host.reset(), host) });
    this.host = host;
    this.tracker = new HostStackTracker(host);
  }

  protected captureAgents(position: SessionCheckpoint['position']): AgentsCheckpoint {
    return this.tracker.capture(position);
  }

  protected restoreAgents(checkpoint: SessionCheckpoint): Promise<Map<string, RoundAgent>> {
    return this.tracker.restore(checkpoint, this.context);
  }
}
