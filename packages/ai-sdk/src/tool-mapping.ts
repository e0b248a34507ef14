import type { ModelFeatures, ToolChoice, ToolDefinition } from '@ufo-ts/core';
import type { JSONSchema7, LanguageModelV3FunctionTool, LanguageModelV3ProviderTool, LanguageModelV3ToolChoice } from '@ai-sdk/provider';

/** The name the computer tool's calls carry (Anthropic's `computer`). */
export const COMPUTER_TOOL_NAME = 'computer';

/**
 * Thrown by {@link toLanguageModelTools} for a tool the wrapped model cannot take; {@link AiSdkChatModel} turns it
 * into a `MODEL_UNSUPPORTED_REQUEST` error.
 *
 * @example
 * ```ts
 * try { toLanguageModelTools(tools, features); } catch (error) { if (error instanceof UnsupportedToolError) fallBack(); }
 * ```
 */
export class UnsupportedToolError extends Error {}

/**
 * Converts the engine's tool definitions to AI SDK tools: function tools as `function` tools with their JSON
 * Schema; the computer tool as Anthropic's provider tool `anthropic.computer_20250124` when the model's features
 * say it has that tool. Any other computer tool throws {@link UnsupportedToolError}.
 *
 * @example
 * ```ts
 * toLanguageModelTools([{ type: 'function', name: 'click', inputSchema: { type: 'object' } }], undefined);
 * // [{ type: 'function', name: 'click', inputSchema: { type: 'object' } }]
 * ```
 */
export function toLanguageModelTools(
  tools: readonly ToolDefinition[],
  features: ModelFeatures | undefined,
): Array<LanguageModelV3FunctionTool | LanguageModelV3ProviderTool> {
  return tools.map((tool) => {
    if (tool.type === 'function') {
      const mapped: LanguageModelV3FunctionTool = { type: 'function', name: tool.name, inputSchema: tool.inputSchema as JSONSchema7 };
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

/**
 * Converts the engine's tool choice to the AI SDK's.
 *
 * @example
 * ```ts
 * toLanguageModelToolChoice({ name: 'click' }); // { type: 'tool', toolName: 'click' }
 * ```
 */
export function toLanguageModelToolChoice(choice: ToolChoice): LanguageModelV3ToolChoice {
  if (typeof choice === 'string') return { type: choice };
  return { type: 'tool', toolName: choice.name };
}
