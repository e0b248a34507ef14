// @ts-check
// Picks the demo's model from the environment: OPENAI_API_KEY, ANTHROPIC_API_KEY, or an OpenAI-compatible server
// (UFO_BASE_URL, e.g. http://127.0.0.1:11434 for Ollama, with UFO_MODEL). With none set, a replay cassette.
import { fileURLToPath } from 'node:url';
import { createAnthropicModel, createOpenAICompatibleModel, createOpenAIModel, ReplayModel } from '@ufo-ts/llm-providers';
import { NATIVE_TOOL_FEATURES } from '@ufo-ts/processor-strategies';
import { groundedReplay } from './grounded-replay.mjs';

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cassetteName file name of the cassette next to this script (its replies are tool calls when
 *   `nativeTools` is set: the replay then reports native tool calls)
 * @param {{ nativeTools?: boolean }} [options]
 * @returns {Promise<{ model: import('@ufo-ts/core').ChatModel, description: string }>}
 */
export async function modelFromEnv(env, cassetteName, options = {}) {
  if (env.OPENAI_API_KEY) {
    const model = env.UFO_MODEL ?? 'gpt-4o';
    return {
      model: createOpenAIModel({ apiKey: env.OPENAI_API_KEY, model, ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}) }),
      description: `OpenAI ${model}`,
    };
  }
  if (env.ANTHROPIC_API_KEY) {
    const model = env.UFO_MODEL ?? 'claude-sonnet-4-5';
    return { model: createAnthropicModel({ apiKey: env.ANTHROPIC_API_KEY, model }), description: `Anthropic ${model}` };
  }
  if (env.UFO_BASE_URL) {
    if (!env.UFO_MODEL) throw new Error('UFO_BASE_URL is set: also set UFO_MODEL to the model name the server serves');
    return {
      model: createOpenAICompatibleModel({ baseUrl: env.UFO_BASE_URL, model: env.UFO_MODEL, ...(env.UFO_API_KEY ? { apiKey: env.UFO_API_KEY } : {}) }),
      description: `OpenAI-compatible ${env.UFO_MODEL} at ${env.UFO_BASE_URL}`,
    };
  }
  const path = fileURLToPath(new URL(cassetteName, import.meta.url));
  return {
    model: groundedReplay(await ReplayModel.fromFile(path, options.nativeTools ? { features: NATIVE_TOOL_FEATURES } : {})),
    description: `replay cassette ${cassetteName} (hand-written in OpenAI's wire format${options.nativeTools ? ', replies as tool_calls' : ''}; no hosted model is reachable here; its clicks name the buttons and take their ids from the prompt's control list)`,
  };
}
