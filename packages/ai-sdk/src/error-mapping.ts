import { APICallError } from '@ai-sdk/provider';
import { errorMessage } from '@ufo-ts/core';
import { AiSdkModelError } from './errors.js';

/** Who failed and how often, for {@link toModelCallError}. */
export interface FailureContext {
  provider: string;
  model: string;
  attempts: number;
  signal: AbortSignal | undefined;
}

/** True when `error` is a cancellation (the request's signal fired, or an `AbortError` was thrown). */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && (error.name === 'AbortError' || (error.cause instanceof Error && error.cause.name === 'AbortError'));
}

/** Whether a failure is worth another attempt: the AI SDK's `APICallError.isRetryable`, never a cancellation. */
export function isRetryable(error: unknown, signal: AbortSignal | undefined): boolean {
  if (isAbort(error, signal)) return false;
  if (APICallError.isInstance(error)) return error.isRetryable;
  return false;
}

/**
 * Wraps whatever an AI SDK model threw as an {@link AiSdkModelError} `MODEL_CALL_FAILED`, with the HTTP status
 * and retryability of an `APICallError`, `aborted` for a cancellation, and the original error as `cause`.
 */
export function toModelCallError(error: unknown, context: FailureContext): AiSdkModelError {
  if (error instanceof AiSdkModelError) return error;
  const aborted = isAbort(error, context.signal);
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  const what = aborted ? 'was cancelled' : `failed${status === undefined ? '' : ` with HTTP ${status}`}`;
  return new AiSdkModelError('MODEL_CALL_FAILED', `The ${context.provider} model ${context.model} ${what}: ${errorMessage(error)}`, {
    provider: context.provider,
    model: context.model,
    attempts: context.attempts,
    retryable: isRetryable(error, context.signal),
    aborted,
    cause: error,
    ...(status === undefined ? {} : { status }),
  });
}
