/**
 * The codes of the errors `@ufo-ts/core` itself throws, plus the well-known codes other packages share. Every
 * error ufo-ts throws on purpose is a {@link UfoError}: it has a stable string `code` callers can switch on, a
 * message meant for people, and the underlying `cause` when there is one. Each package declares the closed union
 * of its own codes (`DispatchErrorCode`, `LinuxErrorCode`, ...) and its error classes accept only those.
 */
export const UFO_ERROR_CODES = [
  'CONTEXT_UNKNOWN_KEY',
  'CONTEXT_INVALID_VALUE',
  'CONTEXT_KEY_CONFLICT',
  'CONFIG_INVALID',
  'LOG_PATH_INVALID',
  'MODEL_REPLY_INVALID',
  'MODEL_REFUSED',
  'MODEL_CALL_FAILED',
  'MODEL_SCRIPT_EXHAUSTED',
  'MODEL_SCRIPT_UNUSED',
  'DISPATCH_FAILED',
  'TOOL_UNKNOWN',
  'AGENT_UNKNOWN',
  'AGENT_MISCONFIGURED',
  'STATE_UNKNOWN',
  'STRATEGY_DEPENDENCY_MISSING',
  'STRATEGY_PROVIDES_MISSING',
  'STEP_VALUE_INVALID',
  'STRATEGY_FAILED',
  'STEP_STATUS_UNKNOWN',
  'SESSION_CANCELLED',
  'MODEL_UNSUPPORTED_REQUEST',
  'REPLAY_MISS',
  'TRAJECTORY_NOT_FOUND',
] as const;

/** One of {@link UFO_ERROR_CODES}: a closed union (it no longer accepts any string). */
export type UfoErrorCode = (typeof UFO_ERROR_CODES)[number];

/** Options accepted by every {@link UfoError} constructor. */
export interface UfoErrorOptions {
  /** The error (or value) that caused this one. */
  cause?: unknown;
  /** Extra structured detail, serialised into logs. */
  details?: Record<string, unknown>;
}

/**
 * Marks every {@link UfoError}, whichever copy of this package created it: `Symbol.for` gives the same symbol to
 * every copy (the ESM and the CommonJS build loaded side by side, or two versions in one `node_modules`).
 */
const UFO_ERROR_MARK = Symbol.for('@ufo-ts/core.UfoError');

/** True when `value` is a {@link UfoError} from any copy of `@ufo-ts/core`. */
export function isUfoError(value: unknown): value is UfoError {
  return typeof value === 'object' && value !== null && (value as { [UFO_ERROR_MARK]?: unknown })[UFO_ERROR_MARK] === true;
}

/**
 * Base class of all ufo-ts errors. `instanceof` works across copies of the package: `x instanceof UfoError` holds
 * for any copy's UfoError, and `x instanceof SomeSubclass` also holds for another copy's class of the same name.
 */
export class UfoError<Code extends string = string> extends Error {
  /** `instanceof` for ufo-ts errors: also true for an error of the same class name from another copy of the package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (!isUfoError(value)) return false;
    if (this === UfoError) return true;
    for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto)) {
      if (proto.constructor?.name === this.name) return true;
    }
    return false;
  }

  /** Stable machine-readable code, one of the throwing package's closed union. */
  readonly code: Code;
  /** Extra structured detail. */
  readonly details: Record<string, unknown> | undefined;

  /**
   * A package's error class fixes `Code` to its union (`class DispatchError extends UfoError<DispatchErrorCode>`),
   * so it accepts only those codes. `new UfoError(code, ...)` takes the code as given: a tool server uses it to
   * report its own code.
   */
  constructor(code: Code, message: string, options: UfoErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
  }

  /** A JSON-safe description of this error and its cause chain, used in logs. */
  toJSON(): SerializedError {
    return serializeError(this);
  }
}
Object.defineProperty(UfoError.prototype, UFO_ERROR_MARK, { value: true });

/** A JSON-safe description of an error. */
export interface SerializedError {
  name: string;
  code?: string;
  message: string;
  details?: Record<string, unknown>;
  cause?: SerializedError;
}

/** Turns any thrown value into a {@link SerializedError} (follows `cause` up to 5 levels). */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (error instanceof Error) {
    const out: SerializedError = { name: error.name, message: error.message };
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') out.code = code;
    if (error instanceof UfoError && error.details) out.details = error.details;
    if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
    return out;
  }
  return { name: 'NonError', message: typeof error === 'string' ? error : safeStringify(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A one-line message for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : safeStringify(error);
}

/** Codes of errors that only say where another error happened (a strategy of a step): their cause has the code. */
const WRAPPER_CODES: ReadonlySet<string> = new Set(['STRATEGY_FAILED']);

/**
 * The code a program matches an error on: the error's own code, or, for an error that only wraps another (a failed
 * strategy, `STRATEGY_FAILED`), the wrapped error's code when it has one (`MODEL_REPLY_INVALID`, `MODEL_REFUSED`,
 * `ACTION_OUTCOME_UNKNOWN`, ...). `undefined` for an error with no code.
 *
 * @example
 * ```ts
 * errorCode(new StrategyFailedError('llm', 'LLM_INTERACTION', { cause: new UfoError('MODEL_REPLY_INVALID', 'no JSON') })); // 'MODEL_REPLY_INVALID'
 * ```
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  if (!WRAPPER_CODES.has(code)) return code;
  const inner = errorCode((error as { cause?: unknown }).cause);
  return inner ?? code;
}

/**
 * A round's result when a step ended it in ERROR: the message, and the error's {@link errorCode} when it has one.
 *
 * @example
 * ```ts
 * context.set('ROUND_RESULT', errorResult(error)); // { error: 'the reply has no tool call', code: 'MODEL_REPLY_INVALID' }
 * ```
 */
export function errorResult(error: unknown): { error: string; code?: string } {
  const code = errorCode(error);
  return { error: errorMessage(error), ...(code ? { code } : {}) };
}
