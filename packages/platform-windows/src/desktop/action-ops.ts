import type { InputEvent, MouseButton, PatternName } from '../bridge/protocol.js';
import { nameMismatchWarning, type ControlEntry } from '../controls/control-registry.js';
import { BridgeRequestError, InputInvalidError } from '../errors.js';
import { fractionToPoint, isEmptyRect, rectCenter, type Point } from '../geometry/rect.js';
import { clickEvents, dragEvents, wheelEvents } from '../geometry/screen-math.js';
import { HOLD_KEY_CODES } from '../keys/key-codes.js';
import { keyActionsToInput } from '../keys/key-actions-to-input.js';
import { parseKeySequence } from '../keys/key-sequence-parser.js';
import { textToKeyActions } from '../keys/text-typing.js';
import { currentRect, withElement } from './control-ops.js';
import type { DesktopContext } from './desktop-context.js';
import { focusForInput, freshSelectedWindow } from './window-ops.js';

/** UFO's mouse button names (`x` is the first extra button). */
export type UfoMouseButton = 'left' | 'right' | 'middle' | 'x';
const toButton = (b: UfoMouseButton): MouseButton => (b === 'x' ? 'x1' : b);

async function virtualScreen(ctx: DesktopContext) {
  return (await ctx.bridge.request('screens', {})).virtualScreen;
}

async function sendInput(ctx: DesktopContext, events: InputEvent[]): Promise<void> {
  if (events.length > 0) await ctx.bridge.request('input', { events });
}

/** The control for an id of the latest enumeration, and UFO's warning when `name` is not its name. */
function target(ctx: DesktopContext, id: string, name: string): { entry: ControlEntry; warning: string | undefined } {
  const entry = ctx.state.controls.get(id);
  return { entry, warning: entry.name === name ? undefined : nameMismatchWarning(id, entry.name, name) };
}

async function clickPoint(ctx: DesktopContext, entry: ControlEntry): Promise<Point> {
  const rect = await currentRect(ctx, entry);
  if (isEmptyRect(rect)) throw new InputInvalidError(`control ${entry.id} ('${entry.name}') has no visible area to click`);
  return rectCenter(rect);
}

/** The window a control lives in (the selected window or one of its dialogs), to focus before input. */
function rootOf(ctx: DesktopContext, entry: ControlEntry): { hwnd: number; title: string } {
  const selected = ctx.state.selected?.window;
  const dialog = ctx.state.roots.find((w) => w.hwnd === entry.rootHwnd && w.hwnd !== selected?.hwnd);
  if (dialog) return { hwnd: dialog.hwnd, title: dialog.title };
  return { hwnd: selected?.hwnd ?? 0, title: selected?.title ?? '' };
}

const PATTERN_FOR_CLICK: ReadonlyArray<[PatternName, 'invoke' | 'toggle' | 'select']> = [
  ['invoke', 'invoke'],
  ['toggle', 'toggle'],
  ['selectionItem', 'select'],
];

/** `click_input`: a pattern call for a plain left click when the control has one, else a real mouse click. */
export async function clickInput(ctx: DesktopContext, id: string, name: string, button: UfoMouseButton, double: boolean): Promise<string> {
  await freshSelectedWindow(ctx);
  const { entry, warning } = target(ctx, id, name);
  let how = 'mouse click';
  const pattern =
    ctx.options.clickStrategy === 'pattern-first' && button === 'left' && !double && entry.ref !== undefined
      ? PATTERN_FOR_CLICK.find(([p]) => entry.patterns.includes(p))?.[1]
      : undefined;
  let done = false;
  if (pattern) {
    try {
      const { completed } = await withElement(ctx, entry, (ref) => ctx.bridge.request('invokePattern', { ref, pattern, waitMs: ctx.options.patternWaitMs }));
      how = completed ? `${pattern} pattern` : `${pattern} pattern (still running: it probably opened a dialog)`;
      done = true;
    } catch (error) {
      if (!(error instanceof BridgeRequestError && error.bridgeCode === 'pattern_unsupported')) throw error;
    }
  }
  if (!done) {
    const point = await clickPoint(ctx, entry);
    const root = rootOf(ctx, entry);
    await focusForInput(ctx, root.hwnd, root.title);
    await sendInput(ctx, clickEvents(point, await virtualScreen(ctx), toButton(button), double));
    if (double) how = 'double click';
  }
  return warning ?? `Clicked control ${id}:${entry.name} (${how}).`;
}

/** `click_on_coordinates`: fractions 0..1 of the selected window, origin top-left. */
export async function clickOnCoordinates(ctx: DesktopContext, x: number, y: number, button: UfoMouseButton, double: boolean): Promise<string> {
  const window = await freshSelectedWindow(ctx);
  const point = fractionToPoint(window.rect, x, y);
  await focusForInput(ctx, window.hwnd, window.title);
  await sendInput(ctx, clickEvents(point, await virtualScreen(ctx), toButton(button), double));
  return `Clicked at (${x}, ${y}) of the window, screen pixel (${point.x}, ${point.y}).`;
}

/** `drag_on_coordinates`: a real drag between two fractional points of the selected window. */
export async function dragOnCoordinates(
  ctx: DesktopContext,
  args: { startX: number; startY: number; endX: number; endY: number; button: UfoMouseButton; duration: number; keyHold: string | null },
): Promise<string> {
  let holdVk: number | undefined;
  if (args.keyHold) {
    holdVk = HOLD_KEY_CODES[args.keyHold.toLowerCase()];
    if (holdVk === undefined) {
      throw new InputInvalidError(`key_hold must be one of ${Object.keys(HOLD_KEY_CODES).join(', ')}; got ${args.keyHold}`);
    }
  }
  if (!Number.isFinite(args.duration) || args.duration < 0 || args.duration > 60) {
    throw new InputInvalidError(`duration must be between 0 and 60 seconds, got ${args.duration}`);
  }
  const window = await freshSelectedWindow(ctx);
  const start = fractionToPoint(window.rect, args.startX, args.startY);
  const end = fractionToPoint(window.rect, args.endX, args.endY);
  await focusForInput(ctx, window.hwnd, window.title);
  await sendInput(
    ctx,
    dragEvents(start, end, await virtualScreen(ctx), {
      button: toButton(args.button),
      durationMs: args.duration * 1000,
      ...(holdVk === undefined ? {} : { holdVk }),
    }),
  );
  return `Dragged from (${start.x}, ${start.y}) to (${end.x}, ${end.y}).`;
}

/** Gives a control the keyboard focus: UIA SetFocus, or a click on it when `clickIfNeeded` and SetFocus fails. */
async function focusControl(ctx: DesktopContext, entry: ControlEntry, clickIfNeeded: boolean): Promise<void> {
  const root = rootOf(ctx, entry);
  await focusForInput(ctx, root.hwnd, root.title);
  let focused = false;
  if (entry.ref !== undefined) {
    ({ focused } = await withElement(ctx, entry, (ref) => ctx.bridge.request('focusElement', { ref })));
  }
  if (!focused && clickIfNeeded) {
    await sendInput(ctx, clickEvents(await clickPoint(ctx, entry), await virtualScreen(ctx), 'left', false));
  }
}

/**
 * `set_edit_text`: with ValuePattern, sets the text (appended to the current text unless `clear`) and reads it
 * back; otherwise, or when the read-back differs, focuses the control, selects all and deletes (when `clear`) or
 * goes to the end, and types.
 */
export async function setEditText(ctx: DesktopContext, id: string, name: string, text: string, clear: boolean): Promise<string> {
  await freshSelectedWindow(ctx);
  const { entry, warning } = target(ctx, id, name);
  let method = 'typing';
  if (ctx.options.setTextStrategy === 'value-pattern-first' && entry.ref !== undefined && entry.patterns.includes('value')) {
    const current = clear ? '' : ((await withElement(ctx, entry, (ref) => ctx.bridge.request('getText', { ref }))).value ?? '');
    const wanted = current + text;
    try {
      const { value } = await withElement(ctx, entry, (ref) => ctx.bridge.request('setValue', { ref, value: wanted }));
      const lines = (t: string) => t.replace(/\r\n?/g, '\n');
      if (value !== null && lines(value) === lines(wanted)) method = 'value pattern';
    } catch (error) {
      const refused = error instanceof BridgeRequestError && ['pattern_unsupported', 'access_denied'].includes(error.bridgeCode);
      if (!refused) throw error;
    }
  }
  if (method === 'typing') {
    await focusControl(ctx, entry, true);
    const prefix = parseKeySequence(clear ? '^a{BACKSPACE}' : '^{END}');
    await sendInput(ctx, keyActionsToInput([...prefix, ...textToKeyActions(text)], { pauseMs: ctx.options.typingPauseMs }));
  }
  return warning ?? `Set the text of control ${id}:${entry.name} (${method}).`;
}

/** `keyboard_input`: pywinauto key syntax, sent to the control (focused first) or to the window. */
export async function keyboardInput(ctx: DesktopContext, id: string, name: string, keys: string, controlFocus: boolean): Promise<string> {
  // Parse first: a syntax error must not leave anything half-typed.
  const actions = parseKeySequence(keys, { withSpaces: true, withTabs: true, withNewlines: true });
  const window = await freshSelectedWindow(ctx);
  if (controlFocus && id !== '') {
    await focusControl(ctx, target(ctx, id, name).entry, false);
  } else {
    await focusForInput(ctx, window.hwnd, window.title);
  }
  await sendInput(ctx, keyActionsToInput(actions, { pauseMs: ctx.options.keyboardPauseMs }));
  return keys;
}

/** `wheel_mouse_input`: `wheelDist` notches over the control's centre (positive scrolls up). */
export async function wheelMouseInput(ctx: DesktopContext, id: string, name: string, wheelDist: number): Promise<string> {
  await freshSelectedWindow(ctx);
  const { entry, warning } = target(ctx, id, name);
  const point = await clickPoint(ctx, entry);
  const root = rootOf(ctx, entry);
  await focusForInput(ctx, root.hwnd, root.title);
  await sendInput(ctx, wheelEvents(point, await virtualScreen(ctx), wheelDist));
  return warning ?? `Scrolled control ${id}:${entry.name} by ${wheelDist} notch(es).`;
}

/**
 * `texts`: the control's text (ValuePattern value, else TextPattern text, else its name). As in UFO, a name
 * mismatch reads nothing and returns a warning.
 */
export async function texts(ctx: DesktopContext, id: string, name: string): Promise<string> {
  await freshSelectedWindow(ctx);
  const { entry, warning } = target(ctx, id, name);
  if (warning) {
    return `Warning: The name of your chosen control id ${id} is ${entry.name}, but the name argument is ${name}. No text was read; call texts again with id ${id} and name ${entry.name}.`;
  }
  if (entry.ref === undefined) return entry.name;
  const result = await withElement(ctx, entry, (ref) => ctx.bridge.request('getText', { ref }));
  return result.value ?? result.text ?? result.name;
}

/** `wait`: 0 < seconds ≤ 300 (UFO's limits). */
export async function waitSeconds(ctx: DesktopContext, seconds: number, signal?: AbortSignal): Promise<string> {
  if (!Number.isFinite(seconds) || seconds < 0) throw new InputInvalidError('Wait time must be a positive number');
  if (seconds > 300) throw new InputInvalidError('Wait time cannot exceed 300 seconds (5 minutes)');
  await ctx.options.clock.sleep(seconds * 1000, signal);
  return `Successfully waited for ${seconds} second(s)`;
}
