import type { ModelFeatures, ToolChoice, ToolDefinition } from '@ufo-ts/core';
import type { JSONSchema7 } from 'json-schema';

/** The name the computer tool's calls carry (Anthropic's `computer`). */
export const COMPUTER_TOOL_NAME = 'computer';

/** A function tool; the same shape in `LanguageModelV3FunctionTool` and `LanguageModelV4FunctionTool`. */
export interface LanguageModelFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  inputSchema: JSONSchema7;
  strict?: boolean;
}

/** A provider tool; the same shape in `LanguageModelV3ProviderTool` and `LanguageModelV4ProviderTool`. */
export interface LanguageModelProviderTool {
  type: 'provider';
  id: `${string}.${string}`;
  name: string;
  args: Record<string, unknown>;
}

/** A tool of either kind. */
export type LanguageModelTool = LanguageModelFunctionTool | LanguageModelProviderTool;

/** A tool choice; the same shape in `LanguageModelV3ToolChoice` and `LanguageModelV4ToolChoice`. */
export type LanguageModelToolChoice = { type: 'auto' | 'none' | 'required' } | { type: 'tool'; toolName: string };

/** Thrown by {@link toLanguageModelTools} for a tool the wrapped model cannot take (the adapter reports `MODEL_UNSUPPORTED_REQUEST`). */
export class UnsupportedToolError extends Error {}

/**
 * Converts the engine's tool definitions to AI SDK tools: function tools as `function` tools with their JSON
 * Schema; the computer tool as Anthropic's provider tool `anthropic.computer_20250124` when the model's features
 * say it has that tool. Any other computer tool throws {@link UnsupportedToolError}.
 */
export function toLanguageModelTools(tools: readonly ToolDefinition[], features: ModelFeatures | undefined): LanguageModelTool[] {
  return tools.map((tool) => {
    if (tool.type === 'function') {
      const mapped: LanguageModelFunctionTool = { type: 'function', name: tool.name, inputSchema: tool.inputSchema as JSONSchema7 };
      if (tool.description !== undefined) mapped.description = tool.description;
      if (tool.strict !== undefined) mapped.strict = tool.strict;
      return mapped;
    }
    if (features?.computerTool !== 'anthropic') {
      throw new UnsupportedToolError(
        'The computer tool needs a model whose features say computerTool: "anthropic" (the AI SDK has no OpenAI computer-use tool).',
      );
    }
    return {
      type: 'provider',
      id: 'anthropic.computer_20250124',
      name: COMPUTER_TOOL_NAME,
      args: { displayWidthPx: tool.displayWidth, displayHeightPx: tool.displayHeight },
    };
  });
}

/** Converts the engine's tool choice to the AI SDK's (`{ name }` becomes `{ type: 'tool', toolName }`). */
export function toLanguageModelToolChoice(choice: ToolChoice): LanguageModelToolChoice {
  if (typeof choice === 'string') return { type: choice };
  return { type: 'tool', toolName: choice.name };
}
