import { Blackboard, LinuxAgent, type StepProcessor } from '@ufo-ts/agent-fsm';
import { appInstructionsFor, createLinuxProcessor, type AppProcessorOptions } from '@ufo-ts/processor-strategies';
import { SessionError } from '../errors.js';
import { EvaluationAgent } from '../evaluation/evaluation-agent.js';
import { evaluationFinishCheck } from '../evaluation/evaluation-finish-check.js';
import { appLlmWithExamples } from '../experience/retrieval-strategies.js';
import type { ManagedSession } from '../managed/managed-session.js';
import { sessionTrajectory } from '../managed/session-trajectory.js';
import { SingleAgentSession } from '../managed/single-agent-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { prepareRuntime, type SessionRuntime } from '../managed/session-runtime.js';

/** Options of {@link LinuxSession}. */
export interface LinuxSessionOptions extends ManagedSessionOptions {
  /** Options of the built-in LinuxAgent processor (visual by default). */
  linux?: AppProcessorOptions;
  /** Use this processor instead of the built-in one. */
  processor?: StepProcessor;
  /**
   * `evaluation`: check every FINISH of the LinuxAgent with the evaluation agent (the `EVALUATION_AGENT` model,
   * `evaluation.screenshots` / `maxScreenshots` when set) before the round ends: a FINISH it does not judge complete
   * goes back to the model once, with its reason (see {@link evaluationFinishCheck}). Its cost is the session's.
   * Another check goes in `linux.finishCheck`; giving both is `SESSION_OPTIONS_INVALID`.
   */
  finishCheck?: 'evaluation';
}

/** The evaluation agent as the session's finish check: the session's trajectory, round and cost. */
function sessionEvaluationCheck(runtime: SessionRuntime, options: LinuxSessionOptions, session: () => ManagedSession | undefined) {
  const settings = options.evaluation || {};
  const evaluator = new EvaluationAgent({
    model: runtime.model('EVALUATION_AGENT'),
    ...(settings.screenshots !== undefined ? { screenshots: settings.screenshots } : {}),
    ...(settings.maxScreenshots !== undefined ? { maxScreenshots: settings.maxScreenshots } : {}),
  });
  return evaluationFinishCheck(evaluator, {
    trajectory: () => sessionTrajectory(runtime.logSink),
    round: () => session()?.context.get('CURRENT_ROUND_ID'),
    onEvaluated: (result) => session()?.context.addCost(result.cost),
  });
}

/**
 * The single-tier Linux session: no HostAgent, one LinuxAgent (the `LINUX_AGENT` model) sees the desktop and acts
 * until it finishes, each round. The device is wherever the dispatcher reaches.
 *
 * @example
 * ```ts
 * const session = new LinuxSession({ task: 'calc', request: 'What is 12 times 34?', models: { LINUX_AGENT: model }, dispatcher, interactor });
 * const outcome = await session.run(); // never throws for a session failure: see outcome.status
 * ```
 */
export class LinuxSession extends SingleAgentSession<LinuxAgent> {
  constructor(options: LinuxSessionOptions) {
    const runtime = prepareRuntime(options);
    if (options.finishCheck === 'evaluation' && options.linux?.finishCheck) {
      throw new SessionError('SESSION_OPTIONS_INVALID', 'give either finishCheck: "evaluation" or linux.finishCheck, not both');
    }
    const self: { session?: ManagedSession } = {};
    const withCheck =
      options.finishCheck === 'evaluation' ? { ...options.linux, finishCheck: sessionEvaluationCheck(runtime, options, () => self.session) } : options.linux;
    const linux = options.examples
      ? {
          ...withCheck,
          strategies: {
            LLM_INTERACTION: appLlmWithExamples({
              ...options.examples,
              twoTier: false,
              ...appInstructionsFor(options.linux),
              ...(options.linux?.toolMode ? { toolMode: options.linux.toolMode } : {}),
            }),
            ...options.linux?.strategies,
          },
        }
      : withCheck;
    const agent = new LinuxAgent({
      model: runtime.model('LINUX_AGENT'),
      dispatcher: runtime.dispatcher,
      interactor: runtime.interactor,
      events: runtime.events,
      logSink: runtime.logSink,
      clock: runtime.clock,
      name: 'LinuxAgent',
      processor: options.processor ?? createLinuxProcessor(linux),
      blackboard: new Blackboard(),
      safeGuard: options.safeGuard ?? true,
    });
    super(options, runtime, { kind: 'linux', mode: 'normal' }, agent);
    self.session = this;
  }
}
