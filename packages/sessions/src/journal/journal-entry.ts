import { FinishReasonSchema, ReplyCacheSchema, ResultSchema, ToolCallSchema, UsageSchema } from '@ufo-ts/core';
import { z } from 'zod';

/** The step an entry belongs to: the session-wide index of the step (one per handled state, counted from 0). */
const step = z.number().int().nonnegative();

/** A model reply received during a step, kept so a resumed step continues from it instead of asking again. */
export const ReplyEntrySchema = z.object({
  type: z.literal('reply'),
  step,
  /** The reply's index among the step's model calls. */
  index: z.number().int().nonnegative(),
  content: z.string(),
  cost: z.number().nullable(),
  usage: UsageSchema,
  model: z.string(),
  /** The reply's tool calls (native tool mode, computer-use models), replayed with it. */
  toolCalls: z.array(ToolCallSchema).optional(),
  /** Whether the reply was an action cache's step (or the model standing in for one), replayed with it. */
  cache: ReplyCacheSchema.optional(),
  /** Why the reply ended (`refusal` for a model's refusal), replayed with it. */
  finishReason: FinishReasonSchema.optional(),
  /** The model's refusal text, when it refused: a replayed refusal is still a refusal, not an unreadable reply. */
  refusal: z.string().optional(),
});

/** An action command about to be sent: written (durably) before it is sent. */
export const IntentEntrySchema = z.object({
  type: z.literal('intent'),
  step,
  /** The command's index among the step's action commands. */
  seq: z.number().int().nonnegative(),
  call_id: z.string(),
  /**
   * The command's id on the remote path: sent as the COMMAND's id, which the device de-duplicates on. One per
   * intended action: a resumed step that sends the command again sends it under the same id, so a device that
   * already ran it answers from its cache. Absent in journals written before it existed.
   */
  command_id: z.string().optional(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The agent kind it was routed for. */
  agent: z.string(),
});

/** The result of an action command: written (durably) after it came back. */
export const ResultEntrySchema = z.object({
  type: z.literal('result'),
  step,
  seq: z.number().int().nonnegative(),
  result: ResultSchema,
});

/** One line of the action journal (`journal.jsonl`). */
export const JournalEntrySchema = z.discriminatedUnion('type', [ReplyEntrySchema, IntentEntrySchema, ResultEntrySchema]);
/** The data {@link JournalEntrySchema} validates. */
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
/** The data {@link ReplyEntrySchema} validates. */
export type ReplyEntry = z.infer<typeof ReplyEntrySchema>;
/** The data {@link IntentEntrySchema} validates. */
export type IntentEntry = z.infer<typeof IntentEntrySchema>;
/** The data {@link ResultEntrySchema} validates. */
export type ResultEntry = z.infer<typeof ResultEntrySchema>;
/** An entry before the journal adds its step. */
export type JournalRecord = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'step'> : never) : never;
