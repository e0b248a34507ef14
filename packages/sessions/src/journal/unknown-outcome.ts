import type { Result } from '@ufo-ts/core';
import { SessionError } from '../errors.js';

/**
 * What a resumed step does with an action whose outcome is unknown (its intent is journaled, its result is not:
 * the session stopped while it was being sent or run):
 * - `tell-model` (default): it is not sent again; its result is a failure saying the outcome is unknown, so the
 *   next prompt tells the model to check the screen;
 * - `ask`: the interactor is asked (as a sensitive action) whether to send it again; no means `tell-model`;
 * - `fail`: the step fails with {@link ActionOutcomeUnknownError} and the round ends in ERROR.
 */
export type UnknownOutcomePolicy = 'tell-model' | 'ask' | 'fail';

/**
 * Every {@link UnknownOutcomePolicy}, for checking a policy given as text (a command-line flag, a configuration
 * value).
 *
 * @example
 * ```ts
 * const policy = UNKNOWN_OUTCOME_POLICIES.find((p) => p === flag);
 * if (!policy) throw new Error(`expected one of ${UNKNOWN_OUTCOME_POLICIES.join(', ')}`);
 * ```
 */
export const UNKNOWN_OUTCOME_POLICIES: readonly UnknownOutcomePolicy[] = ['tell-model', 'ask', 'fail'];

/** The error text of an action whose outcome is unknown; the model reads it in its next prompt. */
export function outcomeUnknownText(tool: string): string {
  return `OUTCOME_UNKNOWN: the session stopped after ${tool} was sent and before its result came back, so it may or may not have taken effect. It was not sent again: check the screen before acting on it.`;
}

/**
 * A resumed step met an action whose outcome is unknown, under the `fail` policy. `completed` holds the results of
 * the commands of the same batch that came before it (replayed from the journal), so the failed step still logs
 * every action it had.
 */
export class ActionOutcomeUnknownError extends SessionError {
  constructor(
    readonly tool: string,
    readonly args: Record<string, unknown>,
    readonly completed: readonly Result[] = [],
  ) {
    super(
      'ACTION_OUTCOME_UNKNOWN',
      `The outcome of ${tool}(${JSON.stringify(args)}) is unknown: the session stopped after it was sent and before its result came back`,
      {
        details: { tool, arguments: args },
      },
    );
  }
}
