import { StepRecordSchema, parseTrajectory, systemClock, type Clock, type Trajectory, type TrajectoryStep } from '@ufo-ts/core';
import type { FinishCheck, FinishCheckInput } from '@ufo-ts/processor-strategies';
import type { SessionTrajectory } from '../managed/session-trajectory.js';
import type { EvaluationAgent, EvaluationResult } from './evaluation-agent.js';

/** Options of {@link evaluationFinishCheck}. */
export interface EvaluationFinishCheckOptions {
  /**
   * The session's steps so far, read when a FINISH is checked: a {@link SessionTrajectory} (steps and a way to read
   * their screenshots, e.g. `sessionTrajectory(sink)`) or a bare `Trajectory` (no screenshots). A FINISH is checked
   * before its own step is logged, so the trajectory ends with the step before it; the adapter adds the FINISH
   * itself (its agent, step, request and result). Default: no steps, only the FINISH is judged.
   */
  trajectory?: () => SessionTrajectory | Trajectory | undefined;
  /**
   * The round of the FINISH: only its steps are judged. Default: the round of the latest logged step with the
   * FINISH's request, else (the FINISH is the round's first step) a round after every logged one.
   */
  round?: () => number | undefined;
  /** The clock the FINISH step is stamped with (default the system clock). */
  clock?: Clock;
  /** Called with each evaluation (to count its cost, or log it). */
  onEvaluated?: (result: EvaluationResult, input: FinishCheckInput) => void;
}

/** Screenshots a step of the session writes, by the names `parseTrajectory` looks for. */
const stepShots = (step: number) => ({ clean: `action_step${step}.png`, annotated: `action_step${step}_annotated.png` });

/** The steps so far, and how to read their screenshots when the source can. */
type Source = { trajectory: Trajectory; image?: SessionTrajectory['image'] };

function sourceOf(value: SessionTrajectory | Trajectory | undefined): Source {
  if (!value) return { trajectory: parseTrajectory({ responseLog: '' }) };
  return 'trajectory' in value ? value : { trajectory: value };
}

function roundOf(trajectory: Trajectory, input: FinishCheckInput, given: number | undefined): number {
  if (given !== undefined) return given;
  const same = trajectory.steps.findLast((s) => s.record.request === input.request);
  if (same) return same.record.round_num;
  return trajectory.steps.length ? Math.max(...trajectory.steps.map((s) => s.record.round_num)) + 1 : 0;
}

/**
 * The FINISH being checked as a trajectory step: what the model said (its result), with the step's screenshots
 * when the session has already saved them (taken before the step's actions).
 */
function finishStep(source: Source, input: FinishCheckInput, round: number, clock: Clock): TrajectoryStep {
  const { trajectory, image } = source;
  const shots = stepShots(input.step);
  const screenshots: TrajectoryStep['screenshots'] = {};
  if (image?.(shots.annotated) !== undefined) screenshots.annotated = shots.annotated;
  else if (image?.(shots.clean) !== undefined) screenshots.clean = shots.clean;
  const record = StepRecordSchema.parse({
    agent: input.agent,
    agent_kind: input.agent,
    state: 'CONTINUE',
    status: 'FINISH',
    session_step: input.step,
    round_step: trajectory.steps.filter((s) => s.record.round_num === round).length,
    round_num: round,
    request: input.request,
    comment: 'The agent replied FINISH: this step is being judged (its screenshot, if any, was taken before its actions).',
    ...(input.result !== undefined ? { result: input.result } : {}),
    cost: null,
    time: new Date(clock.now()).toISOString(),
  });
  return { index: trajectory.steps.length, record, screenshots, confirmations: [] };
}

/**
 * Turns the sessions' {@link EvaluationAgent} into a {@link FinishCheck}: when a model replies FINISH, the
 * evaluation agent judges the round's request from the steps so far and the FINISH; the check passes when its
 * verdict is `complete: 'yes'`, and its reason is the verdict's reason. A FINISH whose evaluation fails (`no` or
 * `unsure`) goes back to the model once, with that reason (see `finishCheckStrategy` of
 * `@ufo-ts/processor-strategies`); an evaluation that throws counts as failed.
 *
 * The FINISH's own step is not logged yet when it is checked: the evaluator sees its result and its screenshot,
 * not the actions it ran. A `LinuxSession` wires this for you with `finishCheck: 'evaluation'`.
 *
 * @example
 * ```ts
 * import { MemoryLogSink, parseTrajectory } from '@ufo-ts/core';
 * import { createLinuxAgent } from '@ufo-ts/processor-strategies';
 * import { EvaluationAgent, evaluationFinishCheck } from '@ufo-ts/sessions';
 *
 * const logSink = new MemoryLogSink();
 * const finishCheck = evaluationFinishCheck(new EvaluationAgent({ model: judge }), {
 *   trajectory: () => parseTrajectory({ responseLog: logSink.lines.response }),
 * });
 * const agent = createLinuxAgent({ model, dispatcher, interactor, logSink, linux: { finishCheck } });
 * ```
 */
export function evaluationFinishCheck(evaluator: EvaluationAgent, options: EvaluationFinishCheckOptions = {}): FinishCheck {
  return async (input) => {
    const source = sourceOf(options.trajectory?.());
    const round = roundOf(source.trajectory, input, options.round?.());
    const trajectory: Trajectory = {
      ...source.trajectory,
      steps: [...source.trajectory.steps, finishStep(source, input, round, options.clock ?? systemClock)],
    };
    const result = await evaluator.evaluate({
      request: input.request,
      trajectory,
      rounds: [round],
      ...(source.image ? { image: source.image } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    options.onEvaluated?.(result, input);
    return { passed: result.verdict.complete === 'yes', reason: result.verdict.reason };
  };
}
