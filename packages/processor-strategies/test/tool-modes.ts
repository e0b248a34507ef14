// Runs a text-mode script in either tool mode: `text` gives the script to a text-only ScriptedModel; `native`
// converts every JSON reply into the tool calls that say the same (toNativeReplies) and gives them to a
// ScriptedModel that reports native tool calls. Agents are built with toolMode 'auto', so the model's features
// choose the mode, as in production.
import { ScriptedModel, type ScriptedModelOptions } from '@ufo-ts/core/testing';
import { NATIVE_TOOL_FEATURES, toNativeReplies } from '../src/index.js';

export const TOOL_MODES = ['text', 'native'] as const;
export type TestToolMode = (typeof TOOL_MODES)[number];

export function scriptedModelFor(
  mode: TestToolMode,
  replies: ScriptedModelOptions['replies'],
  options: Omit<ScriptedModelOptions, 'replies'> = {},
): ScriptedModel {
  if (mode === 'text') return new ScriptedModel({ ...options, replies });
  return new ScriptedModel({
    ...options,
    replies: toNativeReplies(replies as Array<string | Record<string, unknown>>) as ScriptedModelOptions['replies'],
    features: NATIVE_TOOL_FEATURES,
  });
}
