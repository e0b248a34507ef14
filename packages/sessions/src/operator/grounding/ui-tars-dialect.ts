import { computerDisplaySize } from '../display-scaling.js';
import { readCall, type WrittenCall } from './call-syntax.js';
import { IMAGE_PIXELS, RELATIVE_1000, readPoint, type CoordinateSpace } from './coordinate-space.js';
import type { GroundingDialect, ScreenPoint } from './grounding-dialect.js';
import { alignedImageSize, QWEN25_RESIZE } from './image-size.js';
import { ReplyBuilder, scrollDelta } from './reply-builder.js';
import { uiTarsPoint } from './ui-tars-point.js';
import { uiTarsSystemPrompt } from './ui-tars-prompt.js';

/** Options of {@link uiTarsDialect}. */
export interface UiTarsDialectOptions {
  /**
   * `relative` (default): the 0–1000 grid over the screenshot (UI-TARS, and UI-TARS-1.5 behind the Doubao-style
   * deployments). `image-pixels`: pixels of the image the model sees (the released UI-TARS-1.5-7B); the screenshot
   * is then sent at a size its processor keeps (sides multiples of 28).
   */
  coordinates?: 'relative' | 'image-pixels';
  /** Pixels one `scroll(...)` moves (default 500, five wheel notches). */
  scrollPixels?: number;
  /** Seconds `wait()` sleeps (default 5, as the action space says). */
  waitSeconds?: number;
}

const KNOWN = ['click', 'left_single', 'left_double', 'right_single', 'drag', 'select', 'hotkey', 'type', 'scroll', 'wait', 'finished', 'call_user'];

/** The `Thought:` (or `Action_Summary:`, after a `Reflection:`) text before the action. */
function readThought(text: string): string {
  const match = /(?:Thought|Action_Summary)\s*[:：]\s*([\s\S]*?)(?=\n\s*Action\s*[:：]|$)/.exec(text);
  return match ? match[1]!.trim() : '';
}

/** The text after the `Action:` line whose remainder starts with a call (else the first one); undefined without one. */
function actionBlock(text: string): string | undefined {
  const markers = [...text.matchAll(/(?:^|\n)[ \t]*Action[ \t]*[:：]/g)].map((m) => text.slice(m.index! + m[0].length));
  if (markers.length === 0) return /^\s*[A-Za-z_]\w*\s*\(/.test(text) ? text : undefined;
  return markers.find((rest) => readCall(rest).ok) ?? markers[0];
}

/** Reads every call of the action block: one after another, stopping at text that is not a call. */
function readCalls(block: string, out: ReplyBuilder): WrittenCall[] {
  const calls: WrittenCall[] = [];
  let rest = block;
  for (;;) {
    const reading = readCall(rest);
    if (!reading.ok) {
      if (calls.length === 0) out.problem({ kind: 'unreadable', reason: reading.reason });
      return calls;
    }
    calls.push(reading.call);
    rest = reading.rest;
    if (!/^\s*[A-Za-z_]\w*\s*\(/.test(rest)) return calls;
  }
}

function keysOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s+]+/)
    .filter(Boolean)
    .map((k) => k.toLowerCase());
}

/**
 * The UI-TARS dialect (ByteDance UI-TARS and UI-TARS-1.5): `Thought: …` then `Action: click(start_box='(x,y)')`.
 * Points may be written `(x,y)`, `<|box_start|>(x,y)<|box_end|>`, `<point>x y</point>` or as a box (its centre).
 * Actions: `click`/`left_single`, `left_double`, `right_single`, `drag`/`select`, `hotkey(key='ctrl c')`,
 * `type(content='…')` (a trailing `\n` presses Enter), `scroll(start_box=…, direction='down')`, `wait()`,
 * `finished(content=…)` (FINISH with the content as the answer), `call_user()` (PENDING, the thought as the
 * question). Several calls in one `Action:` run in order. Coordinates are on the 0–1000 grid by default.
 *
 * @example
 * ```ts
 * uiTarsDialect().parse("Thought: Open the menu.\nAction: right_single(start_box='<|box_start|>(100,200)<|box_end|>')", { width: 1092, height: 683 }, { width: 1280, height: 800 });
 * // { ok: true, thought: 'Open the menu.', actions: [{ type: 'click', x: 128, y: 160, button: 'right' }] }
 * ```
 */
export function uiTarsDialect(options: UiTarsDialectOptions = {}): GroundingDialect {
  const coordinates = options.coordinates ?? 'relative';
  const space: CoordinateSpace = coordinates === 'relative' ? RELATIVE_1000 : IMAGE_PIXELS;
  const scrollPixels = options.scrollPixels ?? 500;
  const waitSeconds = options.waitSeconds ?? 5;
  return {
    name: coordinates === 'relative' ? 'ui-tars' : 'ui-tars-1.5',
    formatReminder:
      "Answer with `Thought: ...` and then `Action: ...` holding one call from the action space, such as click(start_box='<|box_start|>(x1,y1)<|box_end|>').",
    systemPrompt: (prompt) => uiTarsSystemPrompt(prompt, coordinates),
    imageSize: (screen, max) => (coordinates === 'relative' ? computerDisplaySize(screen, max) : alignedImageSize(screen, max, QWEN25_RESIZE)),
    parse(text, image, screen, context = {}) {
      const clean = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
      const thought = readThought(clean);
      const out = new ReplyBuilder(context.pointer);
      const block = actionBlock(clean);
      if (block === undefined) {
        out.problem({ kind: 'no_action', reason: "the reply has no `Action:` line; end it with `Action:` and one call such as click(start_box='(x1,y1)')" });
        return out.result(thought);
      }
      const point = (call: WrittenCall, key: 'start_box' | 'end_box'): ScreenPoint | undefined => {
        const raw = uiTarsPoint(call.args[key] ?? (key === 'start_box' ? (call.args.point ?? call.args.start_point) : call.args.end_point));
        const reading = readPoint(raw, space, image, screen, `${call.name} ${key}`);
        if (reading.ok) return reading.point;
        out.problem({ ...reading.problem, action: call.name });
        return undefined;
      };
      for (const call of readCalls(block, out)) {
        switch (call.name) {
          case 'click':
          case 'left_single':
          case 'left_double':
          case 'right_single': {
            const at = point(call, 'start_box');
            if (!at) break;
            if (call.name === 'left_double') out.act({ type: 'double_click', ...at }, call.name);
            else out.act({ type: 'click', ...at, button: call.name === 'right_single' ? 'right' : 'left' }, call.name);
            break;
          }
          case 'drag':
          case 'select': {
            const from = point(call, 'start_box');
            const to = point(call, 'end_box');
            if (from && to) out.act({ type: 'drag', path: [from, to] }, call.name);
            break;
          }
          case 'hotkey': {
            const keys = keysOf(call.args.key ?? call.args.hotkey);
            if (keys.length === 0) out.problem({ kind: 'bad_argument', action: call.name, reason: "hotkey has no keys; write them like hotkey(key='ctrl c')" });
            else out.act({ type: 'keypress', keys }, call.name);
            break;
          }
          case 'type': {
            const content = call.args.content ?? call.args.text;
            if (content === undefined || content === '') {
              out.problem({ kind: 'bad_argument', action: call.name, reason: "type has no content; write type(content='text')" });
              break;
            }
            const submit = content.endsWith('\n');
            const typed = submit ? content.replace(/\n+$/, '') : content;
            if (typed) out.act({ type: 'type', text: typed }, call.name);
            if (submit) out.act({ type: 'keypress', keys: ['enter'] }, call.name);
            break;
          }
          case 'scroll': {
            const delta = scrollDelta(call.args.direction ?? '', scrollPixels);
            const at = call.args.start_box === undefined && call.args.point === undefined && out.pointer ? out.pointer : point(call, 'start_box');
            if (!delta)
              out.problem({
                kind: 'bad_argument',
                action: call.name,
                reason: `scroll direction must be up, down, left or right, not ${JSON.stringify(call.args.direction ?? '')}`,
              });
            else if (at) out.act({ type: 'scroll', ...at, ...delta }, call.name);
            break;
          }
          case 'wait':
            out.act({ type: 'wait', seconds: waitSeconds }, call.name);
            break;
          case 'finished': {
            const content = call.args.content;
            out.end = { status: 'FINISH', ...(content ? { result: content } : {}) };
            break;
          }
          case 'call_user':
            out.end = { status: 'PENDING', question: thought || 'The model asks for help with the task.' };
            break;
          default:
            out.problem({ kind: 'unknown_action', action: call.name, reason: `${call.name}() is not an action here; use one of ${KNOWN.join(', ')}` });
        }
      }
      return out.result(thought);
    },
  };
}
