import { errorCode, errorMessage, type ActionRecord, type Command, type Result } from '@ufo-ts/core';

/**
 * A dispatcher error that stopped a batch part-way says which of its commands had already run by carrying their
 * results in order (`completed`): the journal's `ACTION_OUTCOME_UNKNOWN` does. The command after them is the one
 * that failed.
 */
interface InterruptedBatch {
  completed: readonly Result[];
}

/** The step's action records kept for an error that interrupted them (the step has no other record of them). */
const interrupted = new WeakMap<object, ActionRecord[]>();

/**
 * The results of a batch interrupted by `error` (after the commands that returned `before` it, when they were sent
 * one at a time), or `undefined` when the error does not say which ran: each
 * command that ran keeps its result, the one that threw fails with the error's code and message, and the ones after
 * it are `skipped`.
 *
 * @example
 * ```ts
 * const results = interruptedResults(error, commands); // [success, success, failure 'ACTION_OUTCOME_UNKNOWN: …', skipped]
 * ```
 */
export function interruptedResults(error: unknown, commands: readonly Command[], before: readonly Result[] = []): Result[] | undefined {
  const carried = (error as Partial<InterruptedBatch> | null | undefined)?.completed;
  if (!Array.isArray(carried)) return undefined;
  const completed = [...before, ...carried];
  if (completed.length >= commands.length) return undefined;
  const code = errorCode(error);
  const failed = commands[completed.length]!;
  return commands.map((command, i): Result => {
    if (i < completed.length) return completed[i]!;
    if (i === completed.length) return { status: 'failure', call_id: command.call_id, error: `${code ? `${code}: ` : ''}${errorMessage(error)}` };
    return { status: 'skipped', call_id: command.call_id, error: `COMMAND_SKIPPED: not run, because ${failed.tool_name} before it did not complete` };
  });
}

/** Keeps the action records of a step that `error` interrupted, for its `response.log` record. */
export function keepInterruptedActions(error: unknown, records: ActionRecord[]): void {
  if (error !== null && typeof error === 'object') interrupted.set(error, records);
}

/**
 * The action records kept for `error` or an error in its cause chain (a failed strategy wraps what it threw), or
 * `undefined`.
 */
export function interruptedActions(error: unknown): ActionRecord[] | undefined {
  for (let e = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const records = interrupted.get(e);
    if (records) return records;
  }
  return undefined;
}
