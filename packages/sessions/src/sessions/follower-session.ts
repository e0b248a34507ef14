import type { HostAgent } from '@ufo-ts/agent-fsm';
import type { Interactor, QuestionAnswer, RoundAgent, SensitiveAction } from '@ufo-ts/core';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import { ManagedSession, type AgentsCheckpoint } from '../managed/managed-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { prepareRuntime } from '../managed/session-runtime.js';
import { hostRequestOf, parseFollowerPlan, type FollowerPlan } from './follower-plan.js';
import { buildHostStack, HostStackTracker, type HostStackOptions } from './host-stack.js';

/** Options of {@link FollowerSession}. */
export interface FollowerSessionOptions extends Omit<ManagedSessionOptions, 'request' | 'maxRounds'>, HostStackOptions {
  /** The plan to replay (see `readFollowerPlan`). */
  plan: FollowerPlan;
}

/** Hands out the plan as requests: the host's request, then each step; stops early when no application was opened. */
class PlanInteractor implements Interactor {
  constructor(
    private readonly plan: FollowerPlan,
    private readonly inner: Interactor,
    private handedOut: number,
    private readonly canContinue: () => boolean,
  ) {}

  async firstRequest(): Promise<string | null> {
    this.handedOut = 1;
    return hostRequestOf(this.plan);
  }

  async nextRequest(): Promise<string | null> {
    if (!this.canContinue()) return null;
    const step = this.plan.steps[this.handedOut - 1];
    this.handedOut += 1;
    return step ?? null;
  }

  askQuestions(questions: readonly string[], context: { agent: string }): Promise<QuestionAnswer[]> {
    return this.inner.askQuestions(questions, context);
  }

  confirmAction(action: SensitiveAction): Promise<boolean> {
    return this.inner.confirmAction(action);
  }
}

/**
 * Replays a plan: in round 0 the HostAgent opens and selects the plan's application; then each
 * plan step is one round in which that application's AppAgent does the step as its subtask, starting in
 * CONTINUE. AppAgents run the follower table, so a finished step ends its round.
 *
 * @example
 * ```ts
 * const session = new FollowerSession({ task: 'plan-1', plan: readFollowerPlan('plans/plan-1.json'), models, dispatcher, interactor });
 * const outcome = await session.run();
 * ```
 */
export class FollowerSession extends ManagedSession {
  readonly host: HostAgent;
  readonly plan: FollowerPlan;
  private readonly tracker: HostStackTracker;

  constructor(options: FollowerSessionOptions) {
    const plan = parseFollowerPlan(options.plan);
    const checkpoint = options.resume?.checkpoint;
    const handedOut = checkpoint ? checkpoint.rounds.length + (checkpoint.position ? 1 : 0) : 0;
    let self: FollowerSession | undefined;
    const interactor = new PlanInteractor(plan, options.interactor, handedOut, () => Boolean(self?.host.activeSubAgent));
    const managed: ManagedSessionOptions = { ...options, interactor, maxRounds: plan.steps.length + 1 };
    const runtime = prepareRuntime(managed);
    const host = buildHostStack(runtime, { ...options, ...managed }, 'follower');
    super(managed, runtime, { kind: 'follower', mode: 'follower', startAgent: (round) => self!.startAgentFor(round) });
    self = this;
    this.host = host;
    this.plan = plan;
    this.tracker = new HostStackTracker(host);
  }

  private startAgentFor(round: number): RoundAgent {
    const app = this.host.activeSubAgent;
    if (round === 0 || !app) {
      this.host.reset();
      return this.host;
    }
    this.context.set('SUBTASK', this.plan.steps[round - 1] ?? '');
    this.context.set('HOST_MESSAGE', []);
    app.reset();
    return app;
  }

  protected captureAgents(position: SessionCheckpoint['position']): AgentsCheckpoint {
    return this.tracker.capture(position);
  }

  protected restoreAgents(checkpoint: SessionCheckpoint): Promise<Map<string, RoundAgent>> {
    return this.tracker.restore(checkpoint, this.context);
  }

  protected override checkpointExtra(): Record<string, unknown> {
    return { plan: this.plan };
  }
}
