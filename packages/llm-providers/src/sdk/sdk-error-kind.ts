import { anthropicSdk, openAISdk } from './sdk-loader.js';

/** The SDK error classes {@link classifyFailure} tells apart (the same names in `openai` and `@anthropic-ai/sdk`). */
export type SdkErrorClass = 'APIUserAbortError' | 'APIConnectionTimeoutError' | 'APIConnectionError' | 'APIError';

/** The base classes of every error the two SDKs throw. */
const SDK_BASES = new Set(['OpenAIError', 'AnthropicError']);

/**
 * Whether `error` is an instance of the SDK class `name` of `openai` or `@anthropic-ai/sdk`, without importing the
 * SDKs: `instanceof` against an SDK already loaded, else the error's class chain (a class named `name` below the
 * SDK's base class `OpenAIError` / `AnthropicError`; Anthropic's classes also carry `_errorName`).
 */
export function isSdkError(error: unknown, name: SdkErrorClass): error is Error & { status?: number; headers?: Headers; error?: unknown } {
  if (!(error instanceof Error)) return false;
  for (const sdk of [openAISdk.loaded, anthropicSdk.loaded]) {
    if (sdk && error instanceof sdk[name]) return true;
  }
  let matched = false;
  for (let proto: unknown = Object.getPrototypeOf(error); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    const ctor = (proto as { constructor?: { name?: unknown; _errorName?: unknown } }).constructor;
    const className = typeof ctor?._errorName === 'string' ? ctor._errorName : ctor?.name;
    if (className === name) matched = true;
    else if (matched && typeof className === 'string' && SDK_BASES.has(className)) return true;
  }
  return false;
}
