// Pointer moves, single button presses and releases, and keys held for a time: the primitives a computer-use model
// composes (press here, move there, release) where one click or drag tool does not fit.
import { InputError } from '../errors.js';
import { sleep } from '../util/wait.js';
import { heldKeyNames, heldKeysyms } from '../x11/held-keys.js';
import type { MouseButton } from '../x11/xtest-input.js';
import { observeEffect, type ActionEffect } from './action-effect.js';
import type { DesktopSession } from './desktop-session.js';
import { focusIfSelected, toScreenPoint, type CoordinateType } from './input-actions.js';

/** Straight steps of a pointer move that takes time. */
export const POINTER_MOVE_STEPS = 10;
/** Longest time `holdKeys` holds keys, in seconds. */
export const MAX_HOLD_SECONDS = 60;
/** Pause between moving the pointer and pressing a button, so the application sees the pointer arrive first. */
const MOTION_SETTLE_MS = 15;

/** Where the pointer is after an action, and which buttons are down. */
export interface PointerResult {
  x: number;
  y: number;
  buttons_down: MouseButton[];
  effect: ActionEffect;
}

/**
 * Moves the pointer to a point in {@link POINTER_MOVE_STEPS} straight steps over `durationMs` (one jump when 0),
 * holding `keyHold` (e.g. `ctrl`) down during the move. A button held down by {@link mouseButton} stays down, so the
 * move is a drag. Nothing is clicked and no window is focused.
 *
 * @example
 * ```ts
 * await movePointer(session, { x: 400, y: 300, coordinateType: 'absolute', durationMs: 200 });
 * ```
 */
export async function movePointer(
  session: DesktopSession,
  options: { x: number; y: number; coordinateType: CoordinateType; durationMs?: number; keyHold?: string },
): Promise<PointerResult> {
  const point = await toScreenPoint(session, options.x, options.y, options.coordinateType);
  const holdKeysyms = options.keyHold ? heldKeysyms(options.keyHold) : [];
  const durationMs = Math.max(0, options.durationMs ?? 200);
  const steps = durationMs > 0 ? POINTER_MOVE_STEPS : 1;
  const done = await observeEffect(session, { pixels: true });
  await session.input.withKeysHeld(holdKeysyms, () => session.input.moveTo(point, { steps, stepDelayMs: durationMs / steps }));
  const state = await session.input.pointerState();
  return { x: state.x, y: state.y, buttons_down: state.buttons, effect: await done() };
}

/**
 * Presses or releases one mouse button: where the pointer is, or at `x`, `y` after moving the pointer there in one
 * jump. A press focuses the selected window first and leaves the button down until a release.
 *
 * @throws InputError when only one of `x` and `y` is given.
 * @example
 * ```ts
 * await mouseButton(session, { action: 'press', x: 100, y: 200, coordinateType: 'absolute' });
 * await movePointer(session, { x: 300, y: 200, coordinateType: 'absolute' });
 * await mouseButton(session, { action: 'release', coordinateType: 'absolute' }); // text from 100 to 300 selected
 * ```
 */
export async function mouseButton(
  session: DesktopSession,
  options: { action: 'press' | 'release'; button?: MouseButton; x?: number; y?: number; coordinateType: CoordinateType },
): Promise<PointerResult & { action: 'press' | 'release'; button: MouseButton }> {
  if ((options.x === undefined) !== (options.y === undefined)) throw new InputError('give both x and y, or neither to use the pointer where it is');
  const point = options.x !== undefined && options.y !== undefined ? await toScreenPoint(session, options.x, options.y, options.coordinateType) : undefined;
  const button = options.button ?? 'left';
  const done = await observeEffect(session, { pixels: true });
  if (options.action === 'press') await focusIfSelected(session);
  if (point) {
    await session.input.moveTo(point);
    await sleep(MOTION_SETTLE_MS);
  }
  if (options.action === 'press') await session.input.press(button);
  else await session.input.release(button);
  const state = await session.input.pointerState();
  return { action: options.action, button, x: state.x, y: state.y, buttons_down: state.buttons, effect: await done() };
}

/**
 * Holds keys down for `seconds`, then releases them: into the selected window (focused first) or the focused
 * window. They are released also when the call fails or `signal` aborts (which cuts the hold short).
 *
 * @throws InputError for an unknown key name or `seconds` outside 0..{@link MAX_HOLD_SECONDS}.
 * @example
 * ```ts
 * await holdKeys(session, { keys: 'shift', seconds: 1.5 }); // { keys: ['shift'], held_seconds: 1.5, effect }
 * ```
 */
export async function holdKeys(
  session: DesktopSession,
  options: { keys: string; seconds: number; signal?: AbortSignal },
): Promise<{ keys: string[]; held_seconds: number; effect: ActionEffect }> {
  if (!(options.seconds >= 0 && options.seconds <= MAX_HOLD_SECONDS))
    throw new InputError(`seconds must be between 0 and ${MAX_HOLD_SECONDS} (got ${options.seconds})`);
  const keysyms = heldKeysyms(options.keys);
  await focusIfSelected(session);
  const done = await observeEffect(session, { pixels: true });
  const heldMs = await session.input.holdKeys(keysyms, options.seconds * 1000, options.signal);
  return { keys: heldKeyNames(options.keys), held_seconds: Math.round(heldMs) / 1000, effect: await done() };
}
