import { z } from 'zod';
import { ActionRecordSchema } from '../step-record.js';

/**
 * A `confirmation` line of `response.log`: what the person decided about actions held for approval (CONFIRM),
 * and what happened to them.
 */
export const ConfirmationRecordSchema = z.object({
  type: z.literal('confirmation'),
  agent: z.string(),
  agent_kind: z.string().optional(),
  session_step: z.number().int(),
  approved: z.boolean(),
  actions: z.array(ActionRecordSchema).default([]),
  time: z.string().optional(),
});
/** The data {@link ConfirmationRecordSchema} validates. */
export type ConfirmationRecord = z.infer<typeof ConfirmationRecordSchema>;

/** One judged aspect of a request (the original's `sub_scores` entry). */
export const EvaluationSubScoreSchema = z.object({
  name: z.string().min(1).describe('What was judged, e.g. "the result is 408".'),
  evaluation: z.enum(['yes', 'no', 'unsure']).describe('Whether this part was fulfilled.'),
});
/** One judged aspect of a request (see {@link EvaluationSubScoreSchema}). */
export type EvaluationSubScore = z.infer<typeof EvaluationSubScoreSchema>;

/** The evaluator's verdict on a request: why, the sub-scores, and whether it is complete. */
export const EvaluationVerdictSchema = z.object({
  reason: z.string().min(1).describe('Why you judge the request fulfilled or not, citing the steps.'),
  sub_scores: z.array(EvaluationSubScoreSchema).default([]).describe('Each part of the request, judged on its own.'),
  complete: z.enum(['yes', 'no', 'unsure']).describe('Whether the whole request was fulfilled.'),
});
/** The evaluator's verdict on a request (see {@link EvaluationVerdictSchema}). */
export type EvaluationVerdict = z.infer<typeof EvaluationVerdictSchema>;

/** One line of `evaluation.log`: a verdict with where it applies and what it cost. */
export const EvaluationRecordSchema = EvaluationVerdictSchema.extend({
  type: z.literal('evaluation').default('evaluation'),
  /** `session` (all rounds) or `round` (one request). */
  level: z.enum(['session', 'round']),
  /** The round judged, for `level: round`. */
  round: z.number().int().nonnegative().optional(),
  /** The request(s) judged. */
  request: z.string(),
  /** Cost of the evaluation call in USD, `null` when unpriced. */
  cost: z.number().nullable(),
  model: z.string().optional(),
  /** True when the screenshots were part of the evaluation. */
  screenshots: z.boolean().optional(),
  time: z.string(),
});
/** One line of `evaluation.log` (see {@link EvaluationRecordSchema}). */
export type EvaluationRecord = z.infer<typeof EvaluationRecordSchema>;
/** One line of `evaluation.log` as written, before defaults. */
export type EvaluationRecordInput = z.input<typeof EvaluationRecordSchema>;
