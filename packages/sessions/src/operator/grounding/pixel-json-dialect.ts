import type { PixelSize } from '../display-scaling.js';
import { computerDisplaySize } from '../display-scaling.js';
import { IMAGE_PIXELS, readPoint } from './coordinate-space.js';
import type { GroundingDialect, GroundingPromptOptions, ScreenPoint } from './grounding-dialect.js';
import { ReplyBuilder, scrollDelta } from './reply-builder.js';

const ACTIONS = ['click', 'double_click', 'move', 'drag', 'scroll', 'type', 'key', 'wait', 'finish', 'fail', 'ask'];

function prompt(options: GroundingPromptOptions): string {
  const { width, height } = options.image;
  return [
    'You operate a computer through screenshots of its screen. Each turn, look at the screenshot and answer with the next action as one JSON object:',
    '{"thought": "what you see and why you act", "action": "click", "x": 120, "y": 45}',
    `x and y are pixels of the ${width}x${height} screenshot you are shown, from its top-left corner (x 0-${width}, y 0-${height}).`,
    'Actions:',
    '- {"action": "click", "x": .., "y": .., "button": "left" | "right" | "middle"}',
    '- {"action": "double_click", "x": .., "y": ..}',
    '- {"action": "move", "x": .., "y": ..}',
    '- {"action": "drag", "x": .., "y": .., "to_x": .., "to_y": ..}',
    '- {"action": "scroll", "x": .., "y": .., "direction": "up" | "down" | "left" | "right", "amount": 3} (amount in wheel notches)',
    '- {"action": "type", "text": "..."}',
    '- {"action": "key", "keys": ["ctrl", "s"]}',
    '- {"action": "wait", "seconds": 2}',
    '- {"action": "finish", "result": "the answer, when the task asks for one"}',
    '- {"action": "fail", "reason": "why the task cannot be done"}',
    '- {"action": "ask", "question": "what only the user can tell you"}',
    'Several actions may be sent as a JSON array; they run in order. Reply with JSON only.',
    ...(options.instructions ? ['', options.instructions] : []),
  ].join('\n');
}

/** The JSON value of a reply: a fenced block if there is one, else from the first `{` or `[` to the last `}` or `]`. */
function jsonOf(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const body = fenced ?? text;
  const start = body.search(/[[{]/);
  const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
  if (start < 0 || end < start) throw new Error('no JSON object in the reply');
  return JSON.parse(body.slice(start, end + 1));
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * A generic dialect for vision models without a computer-use format of their own: JSON actions
 * (`{"action": "click", "x": 120, "y": 45}`, or an array of them) with `x`/`y` in pixels of the screenshot sent,
 * scaled per axis to the screen. The prompt names the image's size.
 *
 * @example
 * ```ts
 * pixelJsonDialect().parse('{"thought": "OK button", "action": "click", "x": 546, "y": 341}', { width: 1092, height: 683 }, { width: 1280, height: 800 });
 * // { ok: true, thought: 'OK button', actions: [{ type: 'click', x: 640, y: 399, button: 'left' }] }
 * ```
 */
export function pixelJsonDialect(): GroundingDialect {
  return {
    name: 'pixel-json',
    formatReminder:
      'Answer with JSON only: one object {"thought": ..., "action": ..., ...} from the list of actions, with x and y in pixels of the screenshot.',
    systemPrompt: prompt,
    imageSize: (screen: PixelSize, max: PixelSize) => computerDisplaySize(screen, max),
    parse(text, image, screen, context = {}) {
      const out = new ReplyBuilder(context.pointer);
      let value: unknown;
      try {
        value = jsonOf(text);
      } catch (error) {
        out.problem({ kind: 'unreadable', reason: `the reply is not JSON (${error instanceof Error ? error.message : String(error)})` });
        return out.result(text.trim());
      }
      const items = Array.isArray(value) ? value : [value];
      const thoughts: string[] = [];
      for (const item of items) {
        if (!item || typeof item !== 'object' || Array.isArray(item)) {
          out.problem({ kind: 'unreadable', reason: `each action must be a JSON object, not ${JSON.stringify(item)}` });
          continue;
        }
        const fields = item as Record<string, unknown>;
        const thought = stringOr(fields.thought);
        if (thought) thoughts.push(thought);
        readAction(fields, image, screen, out);
      }
      return out.result(thoughts.join('\n'));
    },
  };
}

function readAction(fields: Record<string, unknown>, image: PixelSize, screen: PixelSize, out: ReplyBuilder): void {
  const action = typeof fields.action === 'string' ? fields.action : '';
  const point = (xKey: string, yKey: string): ScreenPoint | undefined => {
    const x = fields[xKey];
    const y = fields[yKey];
    if (x === undefined || y === undefined) {
      out.problem({ kind: 'missing_coordinate', action, reason: `${action} needs both "${xKey}" and "${yKey}"` });
      return undefined;
    }
    const reading = readPoint([x, y], IMAGE_PIXELS, image, screen, action);
    if (reading.ok) return reading.point;
    out.problem(reading.problem);
    return undefined;
  };
  switch (action) {
    case 'click':
    case 'double_click':
    case 'move': {
      const at = point('x', 'y');
      const button = fields.button === undefined ? 'left' : fields.button === 'middle' ? 'wheel' : fields.button;
      if (at) out.act(action === 'click' ? { type: 'click', ...at, button } : { type: action, ...at }, action);
      return;
    }
    case 'drag': {
      const from = point('x', 'y');
      const to = point('to_x', 'to_y');
      if (from && to) out.act({ type: 'drag', path: [from, to] }, action);
      return;
    }
    case 'scroll': {
      const notches = typeof fields.amount === 'number' ? fields.amount : 3;
      const delta = scrollDelta(String(fields.direction ?? ''), notches * 100);
      if (!delta) {
        out.problem({
          kind: 'bad_argument',
          action,
          reason: `scroll "direction" must be up, down, left or right, not ${JSON.stringify(fields.direction ?? null)}`,
        });
        return;
      }
      const at = point('x', 'y');
      if (at) out.act({ type: 'scroll', ...at, ...delta }, action);
      return;
    }
    case 'type':
      if (typeof fields.text === 'string' && fields.text !== '') out.act({ type: 'type', text: fields.text }, action);
      else out.problem({ kind: 'bad_argument', action, reason: 'type needs "text", the text to type' });
      return;
    case 'key': {
      const keys = typeof fields.keys === 'string' ? fields.keys.split('+') : fields.keys;
      out.act({ type: 'keypress', keys: Array.isArray(keys) ? keys.map((k) => (typeof k === 'string' ? k.trim() : k)) : keys }, action);
      return;
    }
    case 'wait':
      out.act({ type: 'wait', ...(fields.seconds === undefined ? {} : { seconds: fields.seconds }) }, action);
      return;
    case 'finish':
      out.end = { status: 'FINISH', ...(stringOr(fields.result) ? { result: String(fields.result) } : {}) };
      return;
    case 'fail':
      out.end = { status: 'FAIL', ...(stringOr(fields.reason) ? { result: String(fields.reason) } : {}) };
      return;
    case 'ask':
      out.end = { status: 'PENDING', question: stringOr(fields.question) ?? 'The model asks for help with the task.' };
      return;
    default:
      out.problem({
        kind: 'unknown_action',
        action: action || '(none)',
        reason: `${action ? `"${action}"` : 'a missing action'} is not an action here; use one of ${ACTIONS.join(', ')}`,
      });
  }
}
