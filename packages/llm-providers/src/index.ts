/**
 * `@ufo-ts/llm-providers`: OpenAI, Azure OpenAI, Anthropic and OpenAI-compatible chat models behind the ufo-ts
 * `ChatModel` port, with retries, fallback, structured output, streaming, cost, and record/replay cassettes.
 */
export {
  EndpointConfigError,
  MODEL_ERROR_CODES,
  ModelCallError,
  ModelRefusalError,
  ModelReplyInvalidError,
  ReplayMissError,
  UnsupportedRequestError,
  type ModelCallErrorOptions,
  type ModelErrorCode,
  type ModelReplyInvalidErrorOptions,
  type ReplyAttempt,
} from './errors.js';
export {
  ImagePolicySchema,
  ModelCapabilitiesOverrideSchema,
  ModelCapabilitiesSchema,
  anthropicCapabilities,
  compatibleCapabilities,
  modelFeatures,
  openAICapabilities,
  resolveCapabilities,
  type ImagePolicy,
  type OpenAICapabilitiesOptions,
  type ModelCapabilities,
  type ModelCapabilitiesOverride,
} from './capabilities.js';
export { COMPUTER_TOOLS, type ComputerToolType } from './computer-tools.js';
export {
  ModelPriceSchema,
  PriceTableSchema,
  addCost,
  addUsage,
  computeCost,
  defaultPrices,
  defaultPricesAsOf,
  lookupPrice,
  mergePrices,
  zeroUsage,
  type ModelPrice,
  type PriceTable,
} from './prices.js';
export {
  defaultRetryOptions,
  retryDelay,
  sleep,
  withRetry,
  type AttemptContext,
  type RetryEvent,
  type RetryOptions,
  type RetryResult,
  type WithRetryOptions,
} from './retry.js';
export { classifyFailure, parseRetryAfter, type Failure, type FailureKind } from './failure-classification.js';
export {
  normalizeAnthropicBaseUrl,
  normalizeOpenAIBaseUrl,
  parseAzureEndpoint,
  type AzureEndpoint,
  type NormalizeOpenAIBaseUrlOptions,
} from './endpoint-url.js';
export type { InvalidToolCall, ProviderCall, ProviderReply, ProviderTransport } from './provider-transport.js';
export { toStrictJsonSchema, dropNullOptionals } from './tools/strict-schema.js';
export { parseTextToolCalls, type TextToolCalls } from './tools/text-tool-calls.js';
export { toFinishReason } from './tools/finish-reason.js';
export { ProviderModel, type ProviderChatModel, type ProviderMetadata, type ProviderModelOptions } from './provider-model.js';
export { buildProviderModel, type CommonModelOptions, DEFAULT_TIMEOUT_MS, DEFAULT_STRUCTURED_OUTPUT_RETRIES } from './model-options.js';
export { toJsonSchema, jsonInstruction, reaskText, toolReaskText, type ResponseFormat } from './structured-output.js';
export { createOpenAIModel, OPENAI_BASE_URL, type OpenAIModelOptions } from './openai/openai-model.js';
export { createAzureOpenAIModel, AZURE_DEFAULT_API_VERSION, type AzureOpenAIModelOptions } from './openai/azure-openai-model.js';
export { createOpenAICompatibleModel, type OpenAICompatibleModelOptions } from './openai/openai-compatible-model.js';
export { openAICompatiblePresets, type OpenAICompatiblePreset, type OpenAICompatiblePresetName } from './openai/openai-compatible-presets.js';
export type { OpenAIApi } from './openai/openai-transport.js';
export { ChatCompletionBodySchema, decodeChatCompletion } from './openai/chat-completions-mapping.js';
export { ResponsesBodySchema, decodeResponsesBody } from './openai/responses-mapping.js';
export { createAnthropicModel, ANTHROPIC_DEFAULT_MAX_TOKENS, type AnthropicModelOptions } from './anthropic/anthropic-model.js';
export { AnthropicMessageBodySchema, decodeAnthropicMessage } from './anthropic/messages-mapping.js';
export { commonFeatures, createFallbackModel, type FallbackModelOptions, type FallbackTrail, type SkippedModel } from './fallback-model.js';
export { streamCompletion, type CompletionStream } from './streaming.js';
export {
  ModelConfigSchema,
  ProviderNameSchema,
  apiKeyEnvName,
  createModelFromConfig,
  resolveApiKey,
  type CreateModelOptions,
  type ModelConfig,
  type ModelConfigInput,
  type ProviderName,
} from './config/model-config.js';
export {
  AgentModelRoleSchema,
  AgentModelsConfigSchema,
  createAgentModels,
  type AgentModelRole,
  type AgentModels,
  type AgentModelsConfig,
  type AgentModelsConfigInput,
  type CreateAgentModelsOptions,
} from './config/agent-models.js';
export {
  CassetteImageRefSchema,
  CassetteLineSchema,
  CassetteMessageSchema,
  CassetteRequestSchema,
  CassetteResponseSchema,
  RecordedCassetteLineSchema,
  WireCassetteLineSchema,
  WireReplySchema,
  type CassetteImageRef,
  type CassetteLine,
  type CassetteMessage,
  type CassetteRequest,
  type CassetteResponse,
  type RecordedCassetteLine,
  type WireCassetteLine,
  type WireReply,
} from './cassette/cassette-schema.js';
export { canonicalRequest, requestKey } from './cassette/request-key.js';
export { decodeWireReply } from './cassette/wire-decoding.js';
export { RecordingModel, type RecordingModelOptions } from './cassette/recording-model.js';
export { ReplayModel, parseCassette, type ReplayModelOptions } from './cassette/replay-model.js';
export {
  LOCAL_SERVER_PRESETS,
  localServerModelOptions,
  type LocalServerName,
  type LocalServerPreset,
  type LocalServerModelOptions,
} from './config/local-server-presets.js';
