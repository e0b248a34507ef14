import { UfoError } from '@ufo-ts/core';
import type { Usage } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/llm-providers` throws. */
export const MODEL_ERROR_CODES = [
  'MODEL_CALL_FAILED',
  'MODEL_REPLY_INVALID',
  'MODEL_REFUSED',
  'MODEL_UNSUPPORTED_REQUEST',
  'CONFIG_INVALID',
  'REPLAY_MISS',
] as const;
/** One of {@link MODEL_ERROR_CODES}. */
export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];

/** Options of {@link ModelCallError}. */
export interface ModelCallErrorOptions {
  /** The provider id of the model that failed. */
  provider: string;
  /** The model id that failed. */
  model: string;
  /** HTTP status of the last attempt, when the server answered. */
  status?: number;
  /** How many HTTP attempts were made (1 + retries). */
  attempts: number;
  /** Whether the last failure was of a kind that is retried (429, 5xx, timeout, connection reset). */
  retryable: boolean;
  /** True when the caller's AbortSignal cancelled the call. */
  aborted?: boolean;
  /** True when the last attempt ran out of time. */
  timedOut?: boolean;
  /** The underlying error. */
  cause?: unknown;
  /** Extra structured detail (retry trail, fallback trail). */
  details?: Record<string, unknown>;
}

/** A model call failed: HTTP error, timeout, connection failure or cancellation. Code `MODEL_CALL_FAILED`. */
export class ModelCallError extends UfoError<ModelErrorCode> {
  readonly provider: string;
  readonly model: string;
  /** HTTP status of the last attempt, if any. */
  readonly status: number | undefined;
  /** Number of HTTP attempts made. */
  readonly attempts: number;
  /** Whether the final failure was retryable (it may still have run out of retries). */
  readonly retryable: boolean;
  /** True when cancelled through the request's AbortSignal. */
  readonly aborted: boolean;
  /** True when the last attempt timed out. */
  readonly timedOut: boolean;

  constructor(message: string, options: ModelCallErrorOptions) {
    super('MODEL_CALL_FAILED', message, {
      cause: options.cause,
      details: {
        provider: options.provider,
        model: options.model,
        status: options.status,
        attempts: options.attempts,
        retryable: options.retryable,
        aborted: options.aborted ?? false,
        timedOut: options.timedOut ?? false,
        ...options.details,
      },
    });
    this.provider = options.provider;
    this.model = options.model;
    this.status = options.status;
    this.attempts = options.attempts;
    this.retryable = options.retryable;
    this.aborted = options.aborted ?? false;
    this.timedOut = options.timedOut ?? false;
  }
}

/** One structured-output attempt: the reply text and why it was rejected. */
export interface ReplyAttempt {
  /** The model's reply text. */
  content: string;
  /** The parse or validation issues, as quoted back to the model. */
  issues: string[];
}

/** Options of {@link ModelReplyInvalidError}. */
export interface ModelReplyInvalidErrorOptions {
  provider: string;
  model: string;
  /** Every attempt, in order (the first reply and each re-ask). */
  attempts: ReplyAttempt[];
  /** Tokens used by all attempts together (they are billed). */
  usage: Usage;
  /** Cost in USD of all attempts together, or null when the price is unknown. */
  cost: number | null;
  cause?: unknown;
}

/**
 * The model's reply never matched the requested zod schema, after every re-ask. Code `MODEL_REPLY_INVALID` (its
 * subclass {@link ModelRefusalError}: `MODEL_REFUSED`). Carries each attempt's text and issues, and the usage and
 * cost they consumed.
 */
export class ModelReplyInvalidError extends UfoError<ModelErrorCode> {
  /** The code of this class's errors; a subclass that names its own kind of invalid reply overrides it. */
  protected static readonly replyCode: ModelErrorCode = 'MODEL_REPLY_INVALID';

  readonly provider: string;
  readonly model: string;
  readonly attempts: ReplyAttempt[];
  readonly usage: Usage;
  readonly cost: number | null;

  constructor(message: string, options: ModelReplyInvalidErrorOptions) {
    super((new.target as typeof ModelReplyInvalidError).replyCode, message, {
      cause: options.cause,
      details: {
        provider: options.provider,
        model: options.model,
        attempts: options.attempts,
        usage: options.usage,
        cost: options.cost,
      },
    });
    this.provider = options.provider;
    this.model = options.model;
    this.attempts = options.attempts;
    this.usage = options.usage;
    this.cost = options.cost;
  }
}

/**
 * The model refused to answer in the requested schema (OpenAI's `refusal`, Anthropic's `stop_reason: "refusal"`).
 * Code `MODEL_REFUSED`; still a {@link ModelReplyInvalidError}, so code that catches invalid replies catches it too.
 * Carries the refusal text (`refusal`, `details.refusal`, the message); it is not re-asked. Without a schema the
 * refusal is not an error here: the response has `refusal` set.
 *
 * @example
 * ```ts
 * try { await model.complete({ messages, schema }); } catch (error) {
 *   if (error instanceof ModelRefusalError) console.log(error.code, error.refusal); // 'MODEL_REFUSED', "I can't help with that."
 * }
 * ```
 */
export class ModelRefusalError extends ModelReplyInvalidError {
  protected static override readonly replyCode: ModelErrorCode = 'MODEL_REFUSED';

  /** The model's refusal text. */
  readonly refusal: string;
  constructor(message: string, options: ModelReplyInvalidErrorOptions & { refusal: string }) {
    super(message, options);
    this.refusal = options.refusal;
    (this.details as Record<string, unknown>)['refusal'] = options.refusal;
  }
}

/**
 * The model cannot take this request (for example images sent to a text-only model under the default
 * `imagePolicy: 'error'`, or a prompt far beyond the model's context). Code `MODEL_UNSUPPORTED_REQUEST`.
 * Nothing was sent.
 */
export class UnsupportedRequestError extends UfoError<ModelErrorCode> {
  readonly provider: string;
  readonly model: string;
  constructor(message: string, options: { provider: string; model: string; details?: Record<string, unknown> }) {
    super('MODEL_UNSUPPORTED_REQUEST', message, {
      details: { provider: options.provider, model: options.model, ...options.details },
    });
    this.provider = options.provider;
    this.model = options.model;
  }
}

/** A model configuration or endpoint URL is invalid (bad URL, missing key, conflicting fields). Code `CONFIG_INVALID`. */
export class EndpointConfigError extends UfoError<ModelErrorCode> {
  constructor(message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super('CONFIG_INVALID', message, options);
  }
}

/** A {@link ReplayModel} has no recording for a request. Code `REPLAY_MISS`. */
export class ReplayMissError extends UfoError<ModelErrorCode> {
  /** The request's cassette key (sha256 of the canonical request). */
  readonly key: string;
  constructor(message: string, options: { key: string; details?: Record<string, unknown> }) {
    super('REPLAY_MISS', message, { details: { key: options.key, ...options.details } });
    this.key = options.key;
  }
}
