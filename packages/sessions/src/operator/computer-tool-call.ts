import type { ToolCall } from '@ufo-ts/core';
import { fromAnthropicComputerAction } from './anthropic-computer-action.js';
import { ComputerActionSchema, type ComputerAction } from './computer-action.js';
import { mapActionPoints } from './computer-action-points.js';
import { toScreenPoint, type PixelSize } from './display-scaling.js';

/** What one computer-tool call asks for: an action to run, just a new screenshot, or something with no tool here. */
export type ComputerToolRequest = { kind: 'action'; action: ComputerAction } | { kind: 'screenshot' } | { kind: 'unsupported'; reason: string };

/**
 * Reads a computer-tool call in either provider's vocabulary: Anthropic's `computer_20250124` inputs
 * (`{ action: 'left_click', coordinate: [x, y] }`, `key` with `ctrl+s`, `scroll` with direction and amount,
 * `left_click_drag`, `double_click`, `triple_click`, `left_mouse_down`/`up`, `hold_key`, `mouse_move`, `wait`,
 * `screenshot`, ...) and OpenAI's `computer_use_preview` actions
 * (`{ type: 'click', x, y, button }`, `keypress` with `keys`, `scroll` with `scroll_x`/`scroll_y`, `drag` with a
 * path, `double_click`, `wait`, `screenshot`, ...). Coordinates stay in the model's display pixels.
 *
 * @example
 * ```ts
 * readComputerToolCall({ id: 't1', type: 'computer', name: 'computer', arguments: { action: 'key', text: 'ctrl+s' } });
 * // { kind: 'action', action: { type: 'keypress', keys: ['ctrl', 's'] } }
 * ```
 */
export function readComputerToolCall(call: ToolCall): ComputerToolRequest {
  const input = call.arguments;
  const anthropicAction = typeof input.type !== 'string' && typeof input.action === 'string' ? input.action : undefined;
  const parsed = ComputerActionSchema.safeParse(fromAnthropicComputerAction(input));
  if (!parsed.success) {
    const what = anthropicAction ?? (typeof input.type === 'string' ? input.type : 'the action');
    return {
      kind: 'unsupported',
      reason: `${what} could not be read: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'} ${i.message}`).join('; ')}`,
    };
  }
  if (parsed.data.type === 'screenshot') return { kind: 'screenshot' };
  return { kind: 'action', action: parsed.data };
}

/**
 * The action with its coordinates moved from the model's display to the screen (each axis scaled by
 * screen/display, rounded): what the platform's absolute-pixel tools take.
 *
 * @example
 * ```ts
 * scaleComputerAction({ type: 'click', x: 640, y: 400, button: 'left' }, { width: 1280, height: 800 }, { width: 1600, height: 1000 });
 * // { type: 'click', x: 800, y: 500, button: 'left' }
 * ```
 */
export function scaleComputerAction(action: ComputerAction, display: PixelSize, screen: PixelSize): ComputerAction {
  return mapActionPoints(action, (p) => toScreenPoint(p, display, screen));
}
