import { normalizeOpenAIBaseUrl } from '../endpoint-url.js';
import type { OpenAICompatibleModelOptions } from '../openai/openai-compatible-model.js';
import type { OpenAICompatiblePresetName } from '../openai/openai-compatible-presets.js';

/** The local OpenAI-compatible servers with a preset. */
export type LocalServerName = 'vllm' | 'ollama' | 'llamacpp' | 'lmstudio';

/**
 * What a local OpenAI-compatible server offers a vision model out of the box: where it listens, whether it returns
 * native tool calls, how many images one request may carry, and whether it takes a `system` message. Defaults
 * only: each can be changed when the server is started, as `notes` says.
 */
export interface LocalServerPreset {
  name: LocalServerName;
  /** The server, for people. */
  label: string;
  /** The default API root (loopback, with `/v1`). */
  baseUrl: string;
  /** The built-in OpenAI-compatible preset for the same server (provider id, placeholder key), when there is one. */
  compatiblePreset?: OpenAICompatiblePresetName;
  /** The provider id reported in responses. */
  providerName: string;
  /**
   * Native tool calls in Chat Completions: `yes`, or `with-flag` when the server returns them only if it was started
   * with {@link toolCallsFlag} (without it, a model's `<tool_call>` text stays text).
   */
  toolCalls: 'yes' | 'with-flag';
  /** The start option that turns native tool calls on, for `with-flag`. */
  toolCallsFlag?: string;
  /** Images one request may carry by default; `null` when the server sets no limit of its own (the model may). */
  maxImagesPerRequest: number | null;
  /** The start option that changes the image limit or enables images at all, when there is one. */
  imagesFlag?: string;
  /** Whether a `system` message is accepted (through the model's chat template); false folds it into the first user turn. */
  systemRole: boolean;
  /** What else to know when setting the server up. */
  notes: string;
}

/**
 * Presets for local OpenAI-compatible servers: vLLM, Ollama, llama.cpp's `llama-server` and LM Studio.
 *
 * @example
 * ```ts
 * LOCAL_SERVER_PRESETS.llamacpp.baseUrl; // 'http://127.0.0.1:8080/v1'
 * LOCAL_SERVER_PRESETS.vllm.toolCallsFlag; // '--enable-auto-tool-choice --tool-call-parser hermes'
 * ```
 */
export const LOCAL_SERVER_PRESETS: Readonly<Record<LocalServerName, LocalServerPreset>> = Object.freeze({
  vllm: {
    name: 'vllm',
    label: 'vLLM (vllm serve)',
    baseUrl: 'http://127.0.0.1:8000/v1',
    compatiblePreset: 'vllm',
    providerName: 'vllm',
    toolCalls: 'with-flag',
    toolCallsFlag: '--enable-auto-tool-choice --tool-call-parser hermes',
    maxImagesPerRequest: 999,
    imagesFlag: `--limit-mm-per-prompt '{"image": N}'`,
    systemRole: true,
    notes:
      'The V1 engine allows 999 images per prompt unless --limit-mm-per-prompt lowers it (the older V0 engine allowed 1). ' +
      'The hermes tool-call parser reads Qwen-style <tool_call> blocks; other model families need their own parser.',
  },
  ollama: {
    name: 'ollama',
    label: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    compatiblePreset: 'ollama',
    providerName: 'ollama',
    toolCalls: 'yes',
    maxImagesPerRequest: null,
    systemRole: true,
    notes: 'Tool calls need a model whose template declares tools. Images go as base64 data URLs; some vision models take one image per request.',
  },
  llamacpp: {
    name: 'llamacpp',
    label: "llama.cpp's llama-server",
    baseUrl: 'http://127.0.0.1:8080/v1',
    providerName: 'llamacpp',
    toolCalls: 'with-flag',
    toolCallsFlag: '--jinja',
    maxImagesPerRequest: null,
    imagesFlag: '--mmproj <projector.gguf>',
    systemRole: true,
    notes:
      'Images are accepted only when the server was started with the model’s multimodal projector (--mmproj, or -hf with a model that ships one). Native tool calls need --jinja (the model’s own chat template).',
  },
  lmstudio: {
    name: 'lmstudio',
    label: 'LM Studio (lms server start)',
    baseUrl: 'http://127.0.0.1:1234/v1',
    compatiblePreset: 'lmstudio',
    providerName: 'lmstudio',
    toolCalls: 'yes',
    maxImagesPerRequest: null,
    systemRole: true,
    notes: 'The server is started from the Developer tab or with `lms server start`; the model is named by its LM Studio identifier.',
  },
});

/** Options of {@link localServerModelOptions}. */
export interface LocalServerModelOptions {
  /** The model as the server names it. */
  model: string;
  /** Where the server listens (default: the preset's); a bare `http://host:port` gets `/v1`. */
  baseUrl?: string;
  /** The server was started with the tool-call option (`with-flag` servers); default false. */
  toolCallsEnabled?: boolean;
  /** Whether the model takes images (default: guessed from its name). */
  vision?: boolean;
}

/**
 * Options for `createOpenAICompatibleModel` for a model behind a local server: the preset's URL, provider id and
 * placeholder key, and capabilities from what the server offers (native tools only when it returns them, the
 * `system` role as the server takes it).
 *
 * @example
 * ```ts
 * const model = createOpenAICompatibleModel(localServerModelOptions('llamacpp', { model: 'ui-tars-1.5-7b', vision: true }));
 * ```
 */
export function localServerModelOptions(name: LocalServerName, options: LocalServerModelOptions): OpenAICompatibleModelOptions {
  const preset = LOCAL_SERVER_PRESETS[name];
  const tools = preset.toolCalls === 'yes' || options.toolCallsEnabled === true;
  return {
    model: options.model,
    ...(preset.compatiblePreset ? { preset: preset.compatiblePreset } : {}),
    baseUrl: normalizeOpenAIBaseUrl(options.baseUrl ?? preset.baseUrl, { ensureV1: true }),
    providerName: preset.providerName,
    capabilities: {
      tools,
      ...(tools ? {} : { parallelTools: false }),
      systemRole: preset.systemRole,
      ...(options.vision === undefined ? {} : { vision: options.vision }),
    },
  };
}
