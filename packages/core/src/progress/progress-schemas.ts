import { z } from 'zod';

/**
 * How the progress monitor acts: `off` (nothing), `warn` (tells the model in the next prompt what did not change
 * and why, never stops), `enforce` (warns, then re-perceives, then asks the user or ends the round as FAIL).
 */
export const ProgressModeSchema = z.enum(['off', 'warn', 'enforce']);
/** See {@link ProgressModeSchema}. */
export type ProgressMode = z.infer<typeof ProgressModeSchema>;

/** What the monitor saw: the same action with no effect, several different ones, an A-B-A-B cycle, an unchanged screen. */
export const DetectionKindSchema = z.enum(['repeated_no_effect', 'no_effect_streak', 'cycle', 'same_screen']);
/** See {@link DetectionKindSchema}. */
export type DetectionKind = z.infer<typeof DetectionKindSchema>;

/**
 * The likely reason an action had no effect: its control is `disabled`, `covered` by a dialog, `off_screen`,
 * `read_only`, its id is stale (`stale_target`), its window is gone (`window_gone`), or nothing more specific is
 * known (`no_effect`).
 */
export const NoProgressCauseSchema = z.enum(['disabled', 'covered', 'off_screen', 'read_only', 'stale_target', 'window_gone', 'no_effect']);
/** See {@link NoProgressCauseSchema}. */
export type NoProgressCause = z.infer<typeof NoProgressCauseSchema>;

/** The rung of the escalation ladder a step reached: `warn` → `reperceive` → `ask` or `fail`. */
export const ProgressLevelSchema = z.enum(['warn', 'reperceive', 'ask', 'fail']);
/** See {@link ProgressLevelSchema}. */
export type ProgressLevel = z.infer<typeof ProgressLevelSchema>;

/**
 * The progress monitor's settings, one object per session (every field has a default).
 *
 * @example
 * ```ts
 * const progress = ProgressSettingsSchema.parse({ mode: 'enforce', onStuck: 'ask' });
 * ```
 */
export const ProgressSettingsSchema = z
  .object({
    mode: ProgressModeSchema.default('warn'),
    /** In `enforce` mode, the last rung: end the round as FAIL with `NO_PROGRESS` (`fail`), or ask the user (`ask`). */
    onStuck: z.enum(['fail', 'ask']).default('fail'),
    /**
     * Steps without progress, per detection, after which the last rung is taken (the rung before is
     * re-perception; every earlier one a warning). The same action with no effect: 3; different actions with no
     * effect: 4; an A-B-A-B cycle: 6 steps (counted from its first step); the same screen: 6.
     */
    limits: z
      .object({
        repeated_no_effect: z.number().int().min(2).default(3),
        no_effect_streak: z.number().int().min(2).default(4),
        cycle: z.number().int().min(4).default(6),
        same_screen: z.number().int().min(2).default(6),
      })
      .prefault({}),
  })
  .strict();
/** The monitor's settings with defaults applied (see {@link ProgressSettingsSchema}). */
export type ProgressSettings = z.infer<typeof ProgressSettingsSchema>;
/** The monitor's settings as written by a user (see {@link ProgressSettingsSchema}). */
export type ProgressSettingsInput = z.input<typeof ProgressSettingsSchema>;

/** What one action did, as the monitor reads it. */
export const ActionEvidenceSchema = z.object({
  /** The function and its arguments, canonical: equal keys mean the same action. */
  key: z.string(),
  /** `effect`: something changed; `no_effect`: the tool measured no change; `failed`; `unknown`: not measured. */
  outcome: z.enum(['effect', 'no_effect', 'failed', 'unknown']),
  /** The likely cause when the outcome is `no_effect` or `failed`. */
  cause: NoProgressCauseSchema.optional(),
  /** The control or window the action named (`[a12] push button "Save"`), when it named one. */
  target: z.string().optional(),
});
/** See {@link ActionEvidenceSchema}. */
export type ActionEvidence = z.infer<typeof ActionEvidenceSchema>;

/** One step as the monitor remembers it: the actions' evidence and a digest of what the listing showed. */
export const StepEvidenceSchema = z.object({
  step: z.number().int(),
  actions: z.array(ActionEvidenceSchema),
  /** A digest of the listed windows and controls (ids, types, names, shown text, states) the step acted on. */
  screen: z.string(),
});
/** See {@link StepEvidenceSchema}. */
export type StepEvidence = z.infer<typeof StepEvidenceSchema>;

/** The monitor's judgement after a step that made no progress. */
export const ProgressAssessmentSchema = z.object({
  detection: DetectionKindSchema,
  cause: NoProgressCauseSchema,
  level: ProgressLevelSchema,
  /** Consecutive steps without progress, this one included. */
  stalledSteps: z.number().int().positive(),
  /** The limit of this detection (the step count that takes the last rung). */
  limit: z.number().int().positive(),
  /** What the model is told in the next prompt. */
  notice: z.string(),
});
/** See {@link ProgressAssessmentSchema}. */
export type ProgressAssessment = z.infer<typeof ProgressAssessmentSchema>;

/**
 * The round result of a round the monitor ended: `{ error: 'NO_PROGRESS', detection, cause, step, message }`.
 * Match on `error === 'NO_PROGRESS'` (or with {@link isNoProgressResult}).
 */
export const NoProgressResultSchema = z.object({
  error: z.literal('NO_PROGRESS'),
  detection: DetectionKindSchema,
  cause: NoProgressCauseSchema,
  /** The session step the monitor stopped at. */
  step: z.number().int(),
  message: z.string(),
});
/** See {@link NoProgressResultSchema}. */
export type NoProgressResult = z.infer<typeof NoProgressResultSchema>;

/** True when a round result is the monitor's `NO_PROGRESS` result. */
export function isNoProgressResult(value: unknown): value is NoProgressResult {
  return NoProgressResultSchema.safeParse(value).success;
}

/**
 * What a step's `response.log` line and memory keep of the monitor: the evidence, the judgement when it found no
 * progress, and the round result when it ended the round.
 */
export const ProgressRecordSchema = z.object({
  evidence: StepEvidenceSchema,
  assessment: ProgressAssessmentSchema.optional(),
  result: NoProgressResultSchema.optional(),
});
/** See {@link ProgressRecordSchema}. */
export type ProgressRecord = z.infer<typeof ProgressRecordSchema>;
