import { UNKNOWN_OUTCOME_POLICIES, type UnknownOutcomePolicy } from '@ufo-ts/sessions';
import { CliUsageError } from '../errors.js';

/**
 * The journal policy `--on-unknown-outcome` names, checked: undefined when the flag is not given (the session's
 * default, `tell-model`), a {@link CliUsageError} for a value that is not a policy.
 *
 * @example
 * ```ts
 * const onUnknownOutcome = unknownOutcomeFrom(values['on-unknown-outcome']);
 * await factory.resume(folder, { ...(onUnknownOutcome ? { onUnknownOutcome } : {}) });
 * ```
 */
export function unknownOutcomeFrom(flag: string | undefined): UnknownOutcomePolicy | undefined {
  if (flag === undefined) return undefined;
  const policy = UNKNOWN_OUTCOME_POLICIES.find((p) => p === flag);
  if (!policy) throw new CliUsageError(`--on-unknown-outcome must be one of ${UNKNOWN_OUTCOME_POLICIES.join(', ')} (got "${flag}")`);
  return policy;
}
