import type { ModelCapabilities } from '../capabilities.js';

/** Names of the built-in OpenAI-compatible presets. */
export type OpenAICompatiblePresetName = 'ollama' | 'vllm' | 'lmstudio' | 'qwen' | 'deepseek' | 'gemini';

/** What a preset provides: where the server usually is, how it authenticates and what it supports. */
export interface OpenAICompatiblePreset {
  /** Provider id reported in responses and used for prices. */
  provider: string;
  /** Default API root. */
  baseUrl: string;
  /** Environment variable holding the API key, when the service needs one. */
  apiKeyEnv?: string;
  /** Placeholder key for local servers that ignore it (the SDK requires a non-empty key). */
  placeholderApiKey?: string;
  /** Append `/v1` when the configured URL has no path (local servers). */
  ensureV1: boolean;
  /** Capability defaults for this server (vision is otherwise guessed from the model name). */
  capabilities: Partial<ModelCapabilities>;
  /** Which field carries the output-token limit. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Whether the server accepts `stream_options.include_usage`. */
  streamUsage: boolean;
}

/** Built-in presets for common OpenAI-compatible servers. */
export const openAICompatiblePresets: Readonly<Record<OpenAICompatiblePresetName, OpenAICompatiblePreset>> = Object.freeze({
  ollama: {
    provider: 'ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    placeholderApiKey: 'ollama',
    ensureV1: true,
    capabilities: { jsonMode: true, jsonSchema: false, arrayContent: true },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
  vllm: {
    provider: 'vllm',
    baseUrl: 'http://127.0.0.1:8000/v1',
    placeholderApiKey: 'EMPTY',
    ensureV1: true,
    capabilities: { jsonMode: true, jsonSchema: true, arrayContent: true },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
  lmstudio: {
    provider: 'lmstudio',
    baseUrl: 'http://127.0.0.1:1234/v1',
    placeholderApiKey: 'lm-studio',
    ensureV1: true,
    capabilities: { jsonMode: false, jsonSchema: true, arrayContent: true },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
  qwen: {
    provider: 'qwen',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    apiKeyEnv: 'DASHSCOPE_API_KEY',
    ensureV1: false,
    capabilities: { jsonMode: true, jsonSchema: false, arrayContent: true },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
  deepseek: {
    provider: 'deepseek',
    baseUrl: 'https://api.deepseek.com/v1',
    apiKeyEnv: 'DEEPSEEK_API_KEY',
    ensureV1: false,
    capabilities: { vision: false, jsonMode: true, jsonSchema: false, arrayContent: false },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
  gemini: {
    provider: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    apiKeyEnv: 'GEMINI_API_KEY',
    ensureV1: false,
    capabilities: { vision: true, jsonMode: true, jsonSchema: true, arrayContent: true },
    maxTokensField: 'max_tokens',
    streamUsage: true,
  },
});
