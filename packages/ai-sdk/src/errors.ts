import { UfoError } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/ai-sdk` throws. */
export const AI_SDK_ERROR_CODES = ['MODEL_CALL_FAILED', 'MODEL_REPLY_INVALID', 'MODEL_UNSUPPORTED_REQUEST'] as const;
/** One of {@link AI_SDK_ERROR_CODES}. */
export type AiSdkErrorCode = (typeof AI_SDK_ERROR_CODES)[number];

/** Options of {@link AiSdkModelError}. */
export interface AiSdkModelErrorOptions {
  /** Provider id of the wrapped AI SDK model. */
  provider: string;
  /** Model id of the wrapped AI SDK model. */
  model: string;
  /** HTTP status the provider answered with, when there was one. */
  status?: number;
  /** How many calls were made (1 + retries). */
  attempts?: number;
  /** Whether the failure is of a kind worth retrying (the AI SDK's `isRetryable`: 408, 409, 429, 5xx). */
  retryable?: boolean;
  /** True when the request's AbortSignal cancelled the call. */
  aborted?: boolean;
  /** The AI SDK error (or anything thrown) behind this one. */
  cause?: unknown;
  /** Extra structured detail (reply text, schema issues). */
  details?: Record<string, unknown>;
}

/**
 * A call through an AI SDK model failed (`MODEL_CALL_FAILED`), its reply did not match the requested schema
 * (`MODEL_REPLY_INVALID`), or the request asked for something the adapter cannot express (`MODEL_UNSUPPORTED_REQUEST`).
 *
 * @example
 * ```ts
 * try {
 *   await model.complete({ messages });
 * } catch (error) {
 *   if (error instanceof AiSdkModelError && error.retryable) scheduleRetry();
 * }
 * ```
 */
export class AiSdkModelError extends UfoError<AiSdkErrorCode> {
  readonly provider: string;
  readonly model: string;
  /** HTTP status, when the provider answered. */
  readonly status: number | undefined;
  /** Calls made before giving up. */
  readonly attempts: number;
  /** Whether the failure was retryable (it may have run out of retries). */
  readonly retryable: boolean;
  /** True when cancelled through the request's AbortSignal. */
  readonly aborted: boolean;

  constructor(code: AiSdkErrorCode, message: string, options: AiSdkModelErrorOptions) {
    super(code, message, {
      cause: options.cause,
      details: {
        provider: options.provider,
        model: options.model,
        status: options.status,
        attempts: options.attempts ?? 1,
        retryable: options.retryable ?? false,
        aborted: options.aborted ?? false,
        ...options.details,
      },
    });
    this.provider = options.provider;
    this.model = options.model;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
    this.retryable = options.retryable ?? false;
    this.aborted = options.aborted ?? false;
  }
}
