import { errorMessage } from '@ufo-ts/core';
import { AiSdkModelError } from './errors.js';

/**
 * The fields of the AI SDK's `APICallError` the adapter reads. `APICallError.isInstance` in `@ai-sdk/provider` 3 and 4
 * alike checks a `Symbol.for('vercel.ai.error.AI_APICallError')` marker set to `true`; checking it here matches errors
 * from either major whichever one is installed, without importing `@ai-sdk/provider` at run time (its major 4 is
 * ESM only).
 */
interface ApiCallErrorLike extends Error {
  readonly statusCode?: number;
  readonly isRetryable: boolean;
}

const API_CALL_ERROR_MARKER = Symbol.for('vercel.ai.error.AI_APICallError');

/** True for an AI SDK `APICallError` of any major. */
export function isApiCallError(error: unknown): error is ApiCallErrorLike {
  return typeof error === 'object' && error !== null && (error as { [API_CALL_ERROR_MARKER]?: unknown })[API_CALL_ERROR_MARKER] === true;
}

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
  if (isApiCallError(error)) return error.isRetryable;
  return false;
}

/**
 * Wraps whatever an AI SDK model threw as an {@link AiSdkModelError} `MODEL_CALL_FAILED`, with the HTTP status
 * and retryability of an `APICallError`, `aborted` for a cancellation, and the original error as `cause`.
 */
export function toModelCallError(error: unknown, context: FailureContext): AiSdkModelError {
  if (error instanceof AiSdkModelError) return error;
  const aborted = isAbort(error, context.signal);
  const status = isApiCallError(error) ? error.statusCode : undefined;
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
