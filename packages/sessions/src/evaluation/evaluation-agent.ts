import {
  EvaluationVerdictSchema,
  errorMessage,
  type ChatModel,
  type EvaluationRecord,
  type EvaluationVerdict,
  type Trajectory,
  type TrajectoryStep,
} from '@ufo-ts/core';
import { buildEvaluationPrompt } from './evaluation-prompt.js';

/** Options of {@link EvaluationAgent}. */
export interface EvaluationAgentOptions {
  /** The judging model (the `EVALUATION_AGENT` role). */
  model: ChatModel;
  /** Send screenshots (`EVA_ALL_SCREENSHOTS`, default true). On failure it retries once without them. */
  screenshots?: boolean;
  /** At most this many step screenshots (default 40). */
  maxScreenshots?: number;
}

/** What to judge. */
export interface EvaluationInput {
  request: string;
  trajectory: Trajectory;
  /** Only these rounds' steps (a round evaluation); default: all. */
  rounds?: number[];
  /** Reads a trajectory file as a data URL (screenshots); without it, no images are sent. */
  image?: (file: string) => string | undefined;
  signal?: AbortSignal;
}

/** A verdict and what it cost. */
export interface EvaluationResult {
  verdict: EvaluationVerdict;
  cost: number | null;
  model: string;
  /** Whether screenshots were sent in the call that answered. */
  screenshots: boolean;
}

/**
 * Judges whether a request was fulfilled from the request, the trajectory and optionally the screenshots. The
 * verdict is validated by `EvaluationVerdictSchema`. It works from any steps, including a HostAgent that
 * finished alone with no application step.
 *
 * @example
 * ```ts
 * const evaluator = new EvaluationAgent({ model });
 * const { verdict } = await evaluator.evaluate({ request: 'Rename report.txt to final.txt', trajectory: readTrajectory(logFolder) });
 * console.log(verdict.complete, verdict.reason); // 'yes' | 'no' | 'unsure', and why
 * ```
 */
export class EvaluationAgent {
  constructor(private readonly options: EvaluationAgentOptions) {}

  /**
   * Asks the model for a verdict on `input`. When screenshots were sent and the call fails, it is retried once
   * without them; an abort is not retried.
   */
  async evaluate(input: EvaluationInput): Promise<EvaluationResult> {
    const wantImages = (this.options.screenshots ?? true) && input.image !== undefined;
    try {
      return await this.call(input, wantImages);
    } catch (error) {
      if (!wantImages || input.signal?.aborted) throw error;
      // The original retried once without screenshots (too large, a model without vision): so do we.
      return this.call(input, false, error);
    }
  }

  private async call(input: EvaluationInput, images: boolean, previous?: unknown): Promise<EvaluationResult> {
    const steps: TrajectoryStep[] = input.rounds ? input.trajectory.steps.filter((s) => input.rounds!.includes(s.record.round_num)) : input.trajectory.steps;
    const rounds = input.rounds ? input.trajectory.rounds.filter((r) => input.rounds!.includes(r.round)) : input.trajectory.rounds;
    const finalFile = rounds.at(-1)?.finalScreenshot;
    const read = images ? input.image : undefined;
    const { messages } = buildEvaluationPrompt({
      request: input.request,
      steps,
      ...(read ? { stepImage: (s: TrajectoryStep) => read(s.screenshots.annotated ?? s.screenshots.clean ?? '') } : {}),
      ...(read && finalFile ? { finalImage: read(finalFile) } : {}),
      ...(this.options.maxScreenshots !== undefined ? { maxImages: this.options.maxScreenshots } : {}),
    });
    const reply = await this.options.model.complete({
      messages,
      schema: EvaluationVerdictSchema,
      schemaName: 'evaluation_verdict',
      metadata: { agent: 'EvaluationAgent', ...(previous ? { retry: errorMessage(previous).slice(0, 200) } : {}) },
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return { verdict: reply.parsed as EvaluationVerdict, cost: reply.cost, model: reply.model, screenshots: images };
  }
}

/** An `evaluation.log` line for a result. */
export function evaluationRecord(
  result: EvaluationResult,
  where: { level: 'session' | 'round'; round?: number; request: string; time: Date },
): EvaluationRecord {
  return {
    type: 'evaluation',
    level: where.level,
    ...(where.round !== undefined ? { round: where.round } : {}),
    request: where.request,
    ...result.verdict,
    cost: result.cost,
    model: result.model,
    screenshots: result.screenshots,
    time: where.time.toISOString(),
  };
}
