import type { ComputerTool, ToolCall } from '@ufo-ts/core';
import type { ComputerToolType } from '../computer-tools.js';

/** The toolset family the Messages API puts on each member call of `computer_toolset_20260801`, wanted back on results. */
const TOOLSET_NAME = 'computer';

/** A `tool_use` block as sent back in history. */
export type ToolUseBlock = { type: 'tool_use'; id: string; name: string; input: Record<string, unknown>; toolset_name?: string };

/**
 * The computer tool's `tools[]` entry: the dated versions are one tool named `computer` with the display size; the
 * toolset is one entry without a name or size, its `zoom` member off (as the dated versions have it by default).
 */
export function anthropicComputerToolEntry(tool: ComputerTool, type: ComputerToolType): Record<string, unknown> {
  if (type === 'computer_toolset_20260801') return { type, configs: { zoom: { enabled: false } } };
  return { type, name: 'computer', display_width_px: tool.displayWidth, display_height_px: tool.displayHeight };
}

/**
 * A tool call as the model made it: a toolset member call goes back under the member's name (the `action`), with
 * the rest of the arguments as its input and `toolset_name`; any other call under its own name.
 */
export function toolUseBlock(call: ToolCall): ToolUseBlock {
  if (!isToolsetCall(call)) return { type: 'tool_use', id: call.id, name: call.name, input: call.arguments };
  const { action, ...input } = call.arguments;
  return { type: 'tool_use', id: call.id, name: String(action), input, toolset_name: TOOLSET_NAME };
}

/** Whether the call was a toolset member call, whose result must carry `toolset_name`. */
export function isToolsetCall(call: ToolCall | undefined): boolean {
  return call?.type === 'computer' && call.providerData?.['toolset_name'] === TOOLSET_NAME;
}

/** The `toolset_name` a result of this call carries, if any. */
export function toolsetNameOf(call: ToolCall | undefined): { toolset_name?: string } {
  return isToolsetCall(call) ? { toolset_name: TOOLSET_NAME } : {};
}

/**
 * A decoded `tool_use` block as a tool call: a computer toolset member call becomes the computer tool's call with
 * the member's name as its `action` (the same action object as the dated versions'), `tool_use` named `computer`
 * the computer tool's call, anything else a function call.
 */
export function toolCallOfUse(use: { id: string; name: string; toolsetName?: string | null | undefined }, input: Record<string, unknown>): ToolCall {
  if (use.toolsetName === TOOLSET_NAME) {
    return { id: use.id, type: 'computer', name: 'computer', arguments: { action: use.name, ...input }, providerData: { toolset_name: TOOLSET_NAME } };
  }
  return { id: use.id, type: use.name === 'computer' ? 'computer' : 'function', name: use.name, arguments: input };
}
