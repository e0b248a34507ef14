import type { ChatModel, ModelFeatures } from '@ufo-ts/core';

/**
 * How an agent asks the model for its reply: `text` (the tools rendered in the prompt, one JSON reply), `native`
 * (each action is a call to its tool, the rest travels in the `respond` tool or in strict structured output) or
 * `auto` (native when the model reports native tool calls, several per reply, else text).
 */
export type ToolMode = 'text' | 'native' | 'auto';

/**
 * The mode a step runs in for `model`: `auto` is `native` when the model calls tools natively and several per
 * reply (an action and the `respond` call travel together), else `text`; an absent mode is `text`.
 *
 * @example
 * ```ts
 * resolveToolMode('auto', new ScriptedModel({ replies: [], features: NATIVE_TOOL_FEATURES })); // 'native'
 * ```
 */
export function resolveToolMode(mode: ToolMode | undefined, model: ChatModel): 'text' | 'native' {
  if (mode === 'native') return 'native';
  if (mode === 'auto') return model.features?.toolCalls && model.features.parallelToolCalls ? 'native' : 'text';
  return 'text';
}

/**
 * What a model that calls tools natively, several per reply, without strict schemas reports (scripted models, demos).
 *
 * @example
 * ```ts
 * const model = new ScriptedModel({ replies: toNativeReplies(replies), features: NATIVE_TOOL_FEATURES });
 * ```
 */
export const NATIVE_TOOL_FEATURES: ModelFeatures = Object.freeze({ toolCalls: true, parallelToolCalls: true, strictSchema: false });
