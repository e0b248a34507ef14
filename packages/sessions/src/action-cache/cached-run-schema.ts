import { z } from 'zod';

/**
 * A control as a model sees it in a listing: never an id or coordinates alone, which change from run to run. Replay
 * finds it again in a fresh listing by these fields.
 */
export const TargetDescriptionSchema = z.object({
  /** The role as listed (`push button`, `menu item`, `table cell`). */
  role: z.string(),
  /** The name as listed (may hold `{{variable}}` placeholders). */
  name: z.string(),
  /** The label the listing gave an unnamed field (`labelled "File name"`), when it gave one. */
  label: z.string().optional(),
  /** Names of the containers from the window down to the control's parent, when the listing gave them. */
  path: z.array(z.string()).optional(),
  /** Which of several controls with the same role, name, label and path (1-based), in listing order. */
  nth: z.number().int().positive().optional(),
  /** How many such controls the recorded listing had: `nth` holds only for a listing with as many. */
  of: z.number().int().positive().optional(),
});
/** See {@link TargetDescriptionSchema}. */
export type TargetDescription = z.infer<typeof TargetDescriptionSchema>;

/** What an action was seen to change (the action's `effect` as the tool reported it). */
export const RecordedEffectSchema = z.object({
  /** Whether anything visible changed. */
  changed: z.boolean(),
  /** The changes, in the tool's words (may hold `{{variable}}` placeholders). */
  changes: z.array(z.string()).default([]),
});
/** See {@link RecordedEffectSchema}. */
export type RecordedEffect = z.infer<typeof RecordedEffectSchema>;

/** One tool call of a cached run. */
export const CachedStepSchema = z.object({
  /** The tool, as the model called it (any MCP server's tool, not only the desktop's). */
  function: z.string(),
  /** Its arguments, with `{{variable}}` placeholders where a variable's value was; a control id is replaced by `target`. */
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** The control the call acted on, when it took one. */
  target: TargetDescriptionSchema.optional(),
  /** What the call was seen to change; replay waits for the same before the next step. */
  effect: RecordedEffectSchema.optional(),
});
/** See {@link CachedStepSchema}. */
export type CachedStep = z.infer<typeof CachedStepSchema>;

/** The first window of a run, by what does not change with the desktop's size, theme or fonts. */
export const WindowSignatureSchema = z.object({
  /** The application (its executable's name: `soffice`, `gnome-calculator`). */
  app: z.string(),
  /** The window's title with variables as placeholders (`{{file}} - LibreOffice Calc`). */
  title: z.string(),
});
/** See {@link WindowSignatureSchema}. */
export type WindowSignature = z.infer<typeof WindowSignatureSchema>;

/** What a cached run is found by: the same request, variables, app and starting window find it. */
export const CacheKeyPartsSchema = z.object({
  /** The request, normalised (see `normalizeRequest`), with `{{variable}}` placeholders. */
  request: z.string(),
  /** The names of the declared variables, sorted. */
  variables: z.array(z.string()).default([]),
  window: WindowSignatureSchema,
});
/** See {@link CacheKeyPartsSchema}. */
export type CacheKeyParts = z.infer<typeof CacheKeyPartsSchema>;

/** One entry of the action cache: a run that succeeded, as steps a replay can follow without the model. */
export const CachedRunSchema = z.object({
  /** Format version of the entry. */
  version: z.literal(1).default(1),
  /** The key (see `cacheKey`): a hash of {@link CachedRunSchema.shape.parts}. */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  parts: CacheKeyPartsSchema,
  steps: z.array(CachedStepSchema),
  /** When the entry was first written and last replaced (ISO 8601). */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Replays that needed the model for a step, since the entry was written. */
  healed: z.number().int().nonnegative().default(0),
  /** Replays that served the run. */
  hits: z.number().int().nonnegative().default(0),
});
/** See {@link CachedRunSchema}. */
export type CachedRun = z.infer<typeof CachedRunSchema>;
/** A cached run as written, before defaults. */
export type CachedRunInput = z.input<typeof CachedRunSchema>;
