import { z } from 'zod';
import { ToolInfoSchema } from './command.js';
import { SubtaskRecordSchema, TargetInfoSchema } from './target-info.js';

interface KeySpec<S extends z.ZodType> {
  schema: S;
  initial: () => z.infer<S>;
  description: string;
}

function key<S extends z.ZodType>(schema: S, initial: () => z.infer<S>, description: string): KeySpec<S> {
  return { schema, initial, description };
}

const counterMap = z.record(z.string(), z.number());

/**
 * The session-wide context keys (the original's `ContextNames`), each with its zod schema and
 * default. Keys that only held live objects in the original (loggers, the dispatcher) are not context state here:
 * they are passed to the session as objects. `CURRENT_ROUND_*` values are computed from the per-round maps.
 */
export const CONTEXT_KEYS = {
  ID: key(z.union([z.string(), z.number()]), () => 0, 'Session id.'),
  MODE: key(z.string(), () => 'normal', 'Run mode: normal, follower, batch_normal, operator, ...'),
  LOG_PATH: key(z.string(), () => '', 'The session log folder.'),
  REQUEST: key(z.string(), () => '', 'The current round request.'),
  SUBTASK: key(z.string(), () => '', 'The subtask the HostAgent gave the active AppAgent.'),
  PREVIOUS_SUBTASKS: key(z.array(SubtaskRecordSchema), () => [], 'Archived subtasks of this session.'),
  HOST_MESSAGE: key(z.array(z.string()), () => [], "The HostAgent's messages to the AppAgent."),
  ROUND_STEP: key(counterMap, () => ({}), 'Steps per round id.'),
  ROUND_COST: key(counterMap, () => ({}), 'Cost in USD per round id.'),
  ROUND_SUBTASK_AMOUNT: key(counterMap, () => ({}), 'Finished subtasks per round id.'),
  SESSION_STEP: key(z.number().int().nonnegative(), () => 0, 'Processor runs in the whole session.'),
  SESSION_COST: key(z.number().nonnegative(), () => 0, 'Cost in USD of the whole session (priced calls).'),
  UNPRICED_CALLS: key(z.number().int().nonnegative(), () => 0, 'Model calls whose cost was unknown.'),
  CURRENT_ROUND_ID: key(z.number().int().nonnegative(), () => 0, 'Id of the running round.'),
  APPLICATION_ROOT_NAME: key(z.string(), () => '', 'Root (binary) name of the selected application.'),
  APPLICATION_PROCESS_NAME: key(z.string(), () => '', 'Process or window name of the selected application.'),
  APPLICATION_WINDOW_INFO: key(TargetInfoSchema.nullable(), () => null, 'The selected window.'),
  ROUND_RESULT: key(z.unknown(), () => '', 'Result of the current round.'),
  TOOL_INFO: key(z.record(z.string(), z.array(ToolInfoSchema)), () => ({}), 'Action tools listed per agent.'),
} as const;

/** The name of a built-in context key. */
export type ContextKey = keyof typeof CONTEXT_KEYS;
/** The type of the value under context key `K`. */
export type ContextValue<K extends ContextKey> = z.infer<(typeof CONTEXT_KEYS)[K]['schema']>;
/** Every built-in context key with the type of its value. */
export type ContextValues = { [K in ContextKey]: ContextValue<K> };

/** True when `name` is a known context key. */
export function isContextKey(name: string): name is ContextKey {
  return Object.prototype.hasOwnProperty.call(CONTEXT_KEYS, name);
}
