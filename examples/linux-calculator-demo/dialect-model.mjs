// @ts-check
// The model and operator step for `--dialect X`: a computer-use model with its provider's own computer tool
// (`openai-computer`, `anthropic-computer`), or a local vision model answering in its grounding dialect
// (`ui-tars`, `qwen25-vl`, `qwen3-vl`) behind an OpenAI-compatible server. The model comes from the environment
// (OPENAI_API_KEY, ANTHROPIC_API_KEY, or UFO_BASE_URL + UFO_MODEL with an optional UFO_SERVER_PRESET), else from
// the dialect's hand-written cassette, replayed with its clicks placed on the screenshot actually sent
// (screen-grounded-replay.mjs).
import { fileURLToPath } from 'node:url';
import { createAnthropicModel, createOpenAICompatibleModel, createOpenAIModel, LOCAL_SERVER_PRESETS, localServerModelOptions } from '@ufo-ts/llm-providers';
import { createGroundingProcessor, groundingDialect } from '@ufo-ts/sessions';
import { screenGroundedReplay } from './screen-grounded-replay.mjs';

/**
 * @typedef {{
 *   computerTool?: 'openai' | 'anthropic',
 *   grounding?: string,
 *   space: import('./screen-grounded-replay.mjs').ReplySpace,
 *   wire: string,
 * }} DialectSpec
 */

/** @type {Readonly<Record<string, DialectSpec>>} */
export const DIALECTS = Object.freeze({
  'openai-computer': {
    computerTool: 'openai',
    space: 'image-pixels',
    wire: "OpenAI's Responses API: computer_call items with a batch of actions, in pixels of the screenshot",
  },
  'anthropic-computer': {
    computerTool: 'anthropic',
    space: 'image-pixels',
    wire: "Anthropic's Messages API: tool_use blocks of the computer tool, in pixels of the screenshot",
  },
  'ui-tars': {
    grounding: 'ui-tars',
    space: 'relative-1000',
    wire: "OpenAI Chat Completions as vLLM, Ollama, llama.cpp and LM Studio return it: UI-TARS text, click(start_box='(x,y)') on the 0–1000 grid",
  },
  'qwen25-vl': {
    grounding: 'qwen2.5-vl',
    space: 'resized-pixels',
    wire: 'OpenAI Chat Completions as vLLM, Ollama, llama.cpp and LM Studio return it: Qwen2.5-VL <tool_call> computer_use, pixels of the resized image',
  },
  'qwen3-vl': {
    grounding: 'qwen3-vl',
    space: 'relative-1000',
    wire: 'OpenAI Chat Completions as vLLM, Ollama, llama.cpp and LM Studio return it: Qwen3-VL <tool_call> computer_use on the 0–1000 grid',
  },
});

/** Features the cassettes of the computer-tool dialects claim: the provider's computer tool, several calls a reply. */
const COMPUTER_FEATURES = { toolCalls: true, parallelToolCalls: true, strictSchema: false };

/**
 * @param {string} name
 * @param {{ env: NodeJS.ProcessEnv, screen: { width: number, height: number }, dispatcher: import('@ufo-ts/core').CommandDispatcher, onPlaced?: (line: string) => void }} options
 * @returns {Promise<{ model: import('@ufo-ts/core').ChatModel, processor?: import('@ufo-ts/sessions').OperatorSessionOptions['processor'], description: string }>}
 */
export async function dialectModel(name, options) {
  const spec = Object.hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
  if (!spec) throw new Error(`unknown --dialect ${JSON.stringify(name)}; use one of ${Object.keys(DIALECTS).join(', ')}`);
  const { env } = options;
  const processor = spec.grounding ? createGroundingProcessor({ dialect: groundingDialect(spec.grounding) }) : undefined;
  const withProcessor = processor ? { processor } : {};

  const hosted = hostedModel(spec, env);
  if (hosted) {
    if (spec.computerTool && hosted.model.features?.computerTool !== spec.computerTool) {
      throw new Error(`${hosted.description} has no ${spec.computerTool} computer tool; set UFO_MODEL to a model that has one`);
    }
    return { ...hosted, ...withProcessor };
  }
  const cassette = `cassette-${name}.jsonl`;
  const model = await screenGroundedReplay({
    cassettePath: fileURLToPath(new URL(cassette, import.meta.url)),
    space: spec.space,
    screen: options.screen,
    dispatcher: options.dispatcher,
    ...(spec.computerTool ? { features: { ...COMPUTER_FEATURES, computerTool: spec.computerTool } } : {}),
    ...(options.onPlaced ? { onPlaced: options.onPlaced } : {}),
  });
  return {
    model,
    ...withProcessor,
    description:
      `replay cassette ${cassette}, WRITTEN BY HAND in ${spec.wire} (no model is reachable here); its clicks name the buttons ` +
      `and are placed at each button's centre on the screenshot actually sent, found in the accessibility tree`,
  };
}

/**
 * The model the environment names for this dialect, if any.
 * @param {DialectSpec} spec
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ model: import('@ufo-ts/core').ChatModel, description: string } | undefined}
 */
function hostedModel(spec, env) {
  if (spec.computerTool === 'openai' && env.OPENAI_API_KEY) {
    const model = env.UFO_MODEL ?? 'gpt-5.4';
    return {
      model: createOpenAIModel({ apiKey: env.OPENAI_API_KEY, model, api: 'responses', ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}) }),
      description: `OpenAI ${model} (Responses API, computer tool)`,
    };
  }
  if (spec.computerTool === 'anthropic' && env.ANTHROPIC_API_KEY) {
    const model = env.UFO_MODEL ?? 'claude-sonnet-4-5';
    return { model: createAnthropicModel({ apiKey: env.ANTHROPIC_API_KEY, model }), description: `Anthropic ${model} (computer tool)` };
  }
  if (spec.grounding && env.UFO_BASE_URL) {
    if (!env.UFO_MODEL) throw new Error('UFO_BASE_URL is set: also set UFO_MODEL to the model name the server serves');
    const preset = env.UFO_SERVER_PRESET;
    if (preset !== undefined && !Object.hasOwn(LOCAL_SERVER_PRESETS, preset)) {
      throw new Error(`unknown UFO_SERVER_PRESET ${JSON.stringify(preset)}; use one of ${Object.keys(LOCAL_SERVER_PRESETS).join(', ')}`);
    }
    const options = preset
      ? localServerModelOptions(/** @type {import('@ufo-ts/llm-providers').LocalServerName} */ (preset), {
          model: env.UFO_MODEL,
          baseUrl: env.UFO_BASE_URL,
          vision: true,
        })
      : { baseUrl: env.UFO_BASE_URL, model: env.UFO_MODEL, capabilities: { vision: true } };
    return {
      model: createOpenAICompatibleModel({ ...options, ...(env.UFO_API_KEY ? { apiKey: env.UFO_API_KEY } : {}) }),
      description: `${env.UFO_MODEL} at ${env.UFO_BASE_URL} (OpenAI-compatible${preset ? `, ${LOCAL_SERVER_PRESETS[/** @type {import('@ufo-ts/llm-providers').LocalServerName} */ (preset)].label}` : ''}), ${spec.grounding} dialect`,
    };
  }
  return undefined;
}
