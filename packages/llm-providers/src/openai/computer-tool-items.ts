import type { ComputerTool, ToolCall } from '@ufo-ts/core';
import type { ComputerToolType } from '../computer-tools.js';

/**
 * The computer tool's `tools[]` entry: `computer_use_preview` with the display size and environment, the GA
 * `computer` tool with nothing else (the model reads the size off the screenshots).
 */
export function openAIComputerToolEntry(tool: ComputerTool, type: ComputerToolType): Record<string, unknown> {
  if (type !== 'computer_use_preview') return { type: 'computer' };
  return { type, display_width: tool.displayWidth, display_height: tool.displayHeight, environment: tool.environment ?? 'linux' };
}

/**
 * A `computer_call` item's action as a tool call's arguments: its `action`, or its batch of `actions` (one action as
 * that action, several as `{ actions }`); `batched` says which, so the call goes back the way it came.
 */
export function computerCallArguments(item: { action?: unknown; actions?: unknown }): { value: unknown; batched: boolean } {
  if (!Array.isArray(item.actions) || item.actions.length === 0) return { value: item.action, batched: false };
  return { value: item.actions.length === 1 ? item.actions[0] : { actions: item.actions }, batched: true };
}

/**
 * A computer tool call as the `computer_call` item it came as: its item id, `action` (or `actions`, batched), its
 * pending safety checks when there are any.
 */
export function computerCallItem(toolCall: ToolCall): Record<string, unknown> {
  const data = toolCall.providerData ?? {};
  const item: Record<string, unknown> = { type: 'computer_call' };
  if (typeof data['id'] === 'string') item['id'] = data['id'];
  item['call_id'] = toolCall.id;
  const batch = toolCall.arguments['actions'];
  if (data['batched'] === true) item['actions'] = Array.isArray(batch) ? batch : [toolCall.arguments];
  else item['action'] = toolCall.arguments;
  const pending = data['pending_safety_checks'];
  if (Array.isArray(pending) && pending.length > 0) item['pending_safety_checks'] = pending;
  item['status'] = 'completed';
  return item;
}
