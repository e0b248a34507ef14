import { z } from 'zod';
import { ResultSchema } from './command.js';
import { ReplyCacheSchema, ToolCallSchema } from './ports/chat-model.js';
import { ProgressRecordSchema } from './progress/progress-schemas.js';

/** One action the model asked for, with what happened to it. */
export const ActionRecordSchema = z.object({
  function: z.string(),
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** The status the model attached to this action. */
  status: z.string().optional(),
  /** The dispatcher's result; absent when the action was not run (e.g. awaiting confirmation). */
  result: ResultSchema.optional(),
  /** A readable form, e.g. `click_input(id='12')`. */
  representation: z.string().optional(),
});
/** One action with what happened to it (see {@link ActionRecordSchema}). */
export type ActionRecord = z.infer<typeof ActionRecordSchema>;

/**
 * One line of `response.log`: a declared schema (the original serialised "whatever attributes exist" and lost
 * observation, thought, plan and comment). Written when a step ends, also when it failed.
 */
export const StepRecordSchema = z.object({
  type: z.literal('step').default('step'),
  agent: z.string(),
  agent_kind: z.string(),
  /** The state that ran the step. */
  state: z.string(),
  /** The status the step produced (the next state's name). */
  status: z.string(),
  session_step: z.number().int(),
  round_step: z.number().int(),
  round_num: z.number().int(),
  request: z.string().optional(),
  subtask: z.string().optional(),
  application: z.string().optional(),
  observation: z.string().optional(),
  thought: z.string().optional(),
  plan: z.array(z.string()).optional(),
  comment: z.string().optional(),
  message: z.array(z.string()).optional(),
  questions: z.array(z.string()).optional(),
  actions: z.array(ActionRecordSchema).default([]),
  result: z.unknown().optional(),
  /** The model's raw tool calls behind `actions`, when the step ran in native tool mode. */
  tool_calls: z.array(ToolCallSchema).optional(),
  /** The progress monitor's evidence of the step and, when it found no progress, its judgement. */
  progress: ProgressRecordSchema.optional(),
  /** The verification of a FINISH (the session's finish check): passed or not, and why. */
  finish_check: z.object({ passed: z.boolean(), reason: z.string(), accepted: z.boolean() }).optional(),
  cost: z.number().nullable(),
  tokens: z.object({ input: z.number(), output: z.number() }).optional(),
  model: z.string().optional(),
  /** When the session replays a cached run: whether the reply was a cached step (`hit`), or the model's (`healed`, `miss`). */
  cache: ReplyCacheSchema.optional(),
  /** Milliseconds per phase, and in total. */
  timings: z.record(z.string(), z.number()).default({}),
  screenshots: z.record(z.string(), z.string()).optional(),
  error: z.object({ name: z.string(), code: z.string().optional(), message: z.string(), phase: z.string().optional() }).optional(),
  time: z.string(),
});
/** One `response.log` step line (see {@link StepRecordSchema}). */
export type StepRecord = z.infer<typeof StepRecordSchema>;
/** One `response.log` step line as written, before defaults. */
export type StepRecordInput = z.input<typeof StepRecordSchema>;
