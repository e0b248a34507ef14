import type { ChatMessage, ToolCall, ToolChoice, ToolDefinition, Usage } from '@ufo-ts/core';
import type { ResponseFormat } from './structured-output.js';

/** One HTTP call a provider adapter makes: the messages after capability checks, and the call settings. */
export interface ProviderCall {
  messages: ChatMessage[];
  /** A response format to enforce natively, when the model supports it. */
  responseFormat?: ResponseFormat;
  /** Omitted for reasoning models. */
  temperature?: number;
  maxTokens?: number;
  /** Aborts on the caller's cancel or this attempt's timeout; must reach the HTTP request. */
  signal: AbortSignal;
  /** The attempt's time limit, also given to the SDK. */
  timeoutMs: number;
  /** When set, the adapter streams and reports each text delta. */
  onDelta?: (delta: string) => void;
  /** Tools the model may call (already checked against the model's capabilities). */
  tools?: ToolDefinition[];
  /** Which tools the model may or must call. */
  toolChoice?: ToolChoice;
  /** Allow several tool calls in one reply; omitted: the provider's default. */
  parallelToolCalls?: boolean;
}

/** A tool call whose arguments could not be decoded (not JSON, not an object); the model is asked again. */
export interface InvalidToolCall {
  id: string;
  name: string;
  /** The arguments exactly as the provider sent them. */
  raw: string;
  /** What is wrong with them. */
  issue: string;
}

/** What one provider call returns, decoded from the provider's wire format. */
export interface ProviderReply {
  content: string;
  usage: Usage;
  /** False when the server reported no usage (counted as zero tokens). */
  usageReported: boolean;
  /** The model id the server reported (e.g. a dated snapshot). */
  responseModel?: string;
  /** Why generation stopped (`stop`, `length`, `end_turn`, `max_tokens`...). */
  finishReason?: string;
  /** A refusal message, when the provider returned one instead of content. */
  refusal?: string;
  /** The tool calls decoded from the reply, in order. */
  toolCalls?: ToolCall[];
  /** Tool calls whose arguments could not be decoded. */
  invalidToolCalls?: InvalidToolCall[];
}

/** Sends one provider call. Implemented per provider over its SDK; retries are not its job. */
export interface ProviderTransport {
  /** Makes the call once and decodes the reply; rejects on a transport or HTTP error (the caller decides on retries). */
  send(call: ProviderCall): Promise<ProviderReply>;
}
