import type { PixelSize } from '../display-scaling.js';
import { readPoint, type CoordinateSpace } from './coordinate-space.js';
import type { GroundingContext, GroundingParse, ScreenPoint } from './grounding-dialect.js';
import { readQwenToolCalls } from './qwen-tool-calls.js';
import { ReplyBuilder } from './reply-builder.js';

/** The actions of Qwen-VL's `computer_use` tool. */
export const QWEN_COMPUTER_ACTIONS = [
  'key',
  'type',
  'mouse_move',
  'left_click',
  'left_click_drag',
  'right_click',
  'middle_click',
  'double_click',
  'triple_click',
  'scroll',
  'hscroll',
  'wait',
  'terminate',
  'answer',
] as const;

const CLICKS: Record<string, { type: 'click' | 'double_click' | 'triple_click'; button?: 'left' | 'right' | 'wheel' }> = {
  left_click: { type: 'click', button: 'left' },
  right_click: { type: 'click', button: 'right' },
  middle_click: { type: 'click', button: 'wheel' },
  double_click: { type: 'double_click' },
  triple_click: { type: 'triple_click' },
};

function keysOf(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? value.split('+') : Array.isArray(value) ? value : undefined;
  if (!list || !list.every((k) => typeof k === 'string')) return undefined;
  const keys = (list as string[]).map((k) => k.trim()).filter(Boolean);
  return keys.length ? keys : undefined;
}

/**
 * Reads a Qwen-VL reply in the `computer_use` function-call format, with coordinates in `space`, into screen
 * actions. `left_click_drag` drags from the pointer (`start_coordinate` when the model gives one); `scroll` and
 * `hscroll` scroll by `pixels` (positive: up, or right) at `coordinate`, else at the pointer; `key` presses `keys`
 * together; `wait` waits `time` seconds; `terminate` ends the task (`success`: FINISH, `failure`: FAIL); `answer`
 * finishes with its `text` as the result. A call to another function, or a point that is missing, null or out of
 * range, is a problem.
 *
 * @example
 * ```ts
 * readQwenComputerUse('<tool_call>{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [500, 500]}}</tool_call>', RELATIVE_1000, { width: 1024, height: 640 }, { width: 1280, height: 800 });
 * // { ok: true, thought: '', actions: [{ type: 'click', x: 640, y: 400, button: 'left' }] }
 * ```
 */
export function readQwenComputerUse(
  reply: string,
  space: CoordinateSpace,
  image: PixelSize,
  screen: PixelSize,
  context: GroundingContext = {},
): GroundingParse {
  const { calls, text } = readQwenToolCalls(reply);
  const out = new ReplyBuilder(context.pointer);
  if (calls.length === 0) {
    out.problem({
      kind: 'no_action',
      reason: 'the reply has no <tool_call> block; call computer_use as <tool_call>{"name": "computer_use", "arguments": {...}}</tool_call>',
    });
    return out.result(text);
  }
  for (const call of calls) {
    if (!call.ok) {
      out.problem({ kind: 'unreadable', reason: call.reason });
      continue;
    }
    if (call.name !== 'computer_use') {
      out.problem({ kind: 'unknown_action', action: call.name, reason: `${call.name} is not a function here; call computer_use` });
      continue;
    }
    readAction(call.arguments, { space, image, screen, out });
  }
  return out.result(text);
}

interface ActionScope {
  space: CoordinateSpace;
  image: PixelSize;
  screen: PixelSize;
  out: ReplyBuilder;
}

function readAction(args: Record<string, unknown>, { space, image, screen, out }: ActionScope): void {
  const action = typeof args.action === 'string' ? args.action : '';
  const at = (key: 'coordinate' | 'start_coordinate'): ScreenPoint | undefined => {
    const reading = readPoint(args[key], space, image, screen, key === 'coordinate' ? action : `${action} start_coordinate`);
    if (reading.ok) return reading.point;
    out.problem({ ...reading.problem, action });
    return undefined;
  };
  const click = CLICKS[action];
  if (click) {
    const point = at('coordinate');
    if (point) out.act({ ...click, ...point }, action);
    return;
  }
  switch (action) {
    case 'mouse_move': {
      const point = at('coordinate');
      if (point) out.act({ type: 'move', ...point }, action);
      return;
    }
    case 'left_click_drag': {
      const from = args.start_coordinate !== undefined ? at('start_coordinate') : out.pointer;
      if (args.start_coordinate === undefined && !from) {
        out.problem({
          kind: 'missing_coordinate',
          action,
          reason: 'left_click_drag starts at the pointer, whose position is not known yet; call mouse_move to the start first',
        });
        return;
      }
      const to = at('coordinate');
      if (from && to) out.act({ type: 'drag', path: [from, to] }, action);
      return;
    }
    case 'key': {
      const keys = keysOf(args.keys ?? args.text);
      if (keys) out.act({ type: 'keypress', keys }, action);
      else out.problem({ kind: 'bad_argument', action, reason: 'key needs "keys", a list of key names such as ["ctrl", "c"]' });
      return;
    }
    case 'type':
      if (typeof args.text === 'string' && args.text) out.act({ type: 'type', text: args.text }, action);
      else out.problem({ kind: 'bad_argument', action, reason: 'type needs "text", the text to type' });
      return;
    case 'scroll':
    case 'hscroll': {
      const pixels = typeof args.pixels === 'number' ? args.pixels : Number.NaN;
      if (!Number.isFinite(pixels) || pixels === 0) {
        out.problem({
          kind: 'bad_argument',
          action,
          reason: `${action} needs "pixels", a non-zero number (positive scrolls ${action === 'scroll' ? 'up' : 'right'})`,
        });
        return;
      }
      const point = args.coordinate === undefined && out.pointer ? out.pointer : at('coordinate');
      if (!point) return;
      out.act(
        action === 'scroll' ? { type: 'scroll', ...point, scroll_x: 0, scroll_y: -pixels } : { type: 'scroll', ...point, scroll_x: pixels, scroll_y: 0 },
        action,
      );
      return;
    }
    case 'wait':
      out.act({ type: 'wait', ...(args.time === undefined ? {} : { seconds: args.time }) }, action);
      return;
    case 'terminate':
      out.end =
        args.status === 'failure'
          ? { status: 'FAIL' }
          : { status: 'FINISH', ...(out.end?.status === 'FINISH' && out.end.result ? { result: out.end.result } : {}) };
      return;
    case 'answer':
      if (typeof args.text === 'string') out.end = { status: 'FINISH', result: args.text };
      else out.problem({ kind: 'bad_argument', action, reason: 'answer needs "text", the answer' });
      return;
    default:
      out.problem({
        kind: 'unknown_action',
        action: action || '(none)',
        reason: `${action ? `"${action}"` : 'a missing action'} is not a computer_use action; use one of ${QWEN_COMPUTER_ACTIONS.join(', ')}`,
      });
  }
}
