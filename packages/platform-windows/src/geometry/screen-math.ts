import type { InputEvent, MonitorRecord, MouseButton } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { containsPoint, rectCenter, rectHeight, rectWidth, type Point } from './rect.js';

/** Wheel rotation of one notch (WHEEL_DELTA). */
export const WHEEL_DELTA = 120;

/**
 * Maps a physical pixel to SendInput's normalised absolute coordinates over the virtual desktop
 * (MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK, 0..65535 per axis). Windows maps a normalised value `n` back to
 * pixel `left + floor(n * width / 65536)`; taking the centre of the pixel makes that round trip exact.
 */
export function normalizeToVirtualDesk(point: Point, virtualScreen: Rect): { nx: number; ny: number } {
  const axis = (value: number, origin: number, size: number) => {
    if (size <= 0) return 0;
    const n = Math.floor(((value - origin + 0.5) * 65536) / size);
    return Math.min(65535, Math.max(0, n));
  };
  return {
    nx: axis(point.x, virtualScreen.left, rectWidth(virtualScreen)),
    ny: axis(point.y, virtualScreen.top, rectHeight(virtualScreen)),
  };
}

/** The pixel Windows moves to for normalised coordinates (the inverse of {@link normalizeToVirtualDesk}). */
export function denormalizeFromVirtualDesk(n: { nx: number; ny: number }, virtualScreen: Rect): Point {
  return {
    x: virtualScreen.left + Math.floor((n.nx * rectWidth(virtualScreen)) / 65536),
    y: virtualScreen.top + Math.floor((n.ny * rectHeight(virtualScreen)) / 65536),
  };
}

/** A mouse move to a physical pixel. */
export function mouseMoveEvent(point: Point, virtualScreen: Rect): InputEvent {
  return { kind: 'mouseMove', x: Math.round(point.x), y: Math.round(point.y), ...normalizeToVirtualDesk(point, virtualScreen) };
}

/** Move, then click (or double-click) a button at a point. */
export function clickEvents(point: Point, virtualScreen: Rect, button: MouseButton, double: boolean, doubleClickGapMs = 50): InputEvent[] {
  const press: InputEvent[] = [
    { kind: 'mouseButton', button, up: false },
    { kind: 'mouseButton', button, up: true },
  ];
  return [mouseMoveEvent(point, virtualScreen), ...press, ...(double ? [{ kind: 'pause', ms: doubleClickGapMs } as InputEvent, ...press] : [])];
}

/** Move to a point, then turn the wheel `notches` (positive = up/away, like UFO's `wheel_dist`). */
export function wheelEvents(point: Point, virtualScreen: Rect, notches: number): InputEvent[] {
  const events: InputEvent[] = [mouseMoveEvent(point, virtualScreen)];
  if (notches !== 0) events.push({ kind: 'wheel', delta: Math.trunc(notches) * WHEEL_DELTA, horizontal: false });
  return events;
}

/** Options of {@link dragEvents}. */
export interface DragOptions {
  button: MouseButton;
  /** Total time of the move in milliseconds (UFO `duration` is in seconds). */
  durationMs: number;
  /** Interval between intermediate moves (default 20 ms). */
  stepMs?: number;
  /** Virtual key to hold for the whole drag (Ctrl to copy, Shift to constrain…). */
  holdVk?: number;
}

/**
 * A drag: move to `start`, press, move in straight steps to `end` over `durationMs`, release, with an optional
 * key held around it. Intermediate moves let applications see a real drag (a jump would be a click elsewhere).
 */
export function dragEvents(start: Point, end: Point, virtualScreen: Rect, options: DragOptions): InputEvent[] {
  const stepMs = Math.max(1, options.stepMs ?? 20);
  const steps = Math.max(1, Math.round(options.durationMs / stepMs));
  const pause = options.durationMs / steps;
  const events: InputEvent[] = [];
  if (options.holdVk !== undefined) events.push({ kind: 'key', vk: options.holdVk, extended: false, up: false });
  events.push(mouseMoveEvent(start, virtualScreen), { kind: 'mouseButton', button: options.button, up: false });
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    if (pause > 0) events.push({ kind: 'pause', ms: pause });
    events.push(mouseMoveEvent({ x: Math.round(start.x + (end.x - start.x) * t), y: Math.round(start.y + (end.y - start.y) * t) }, virtualScreen));
  }
  events.push({ kind: 'mouseButton', button: options.button, up: true });
  if (options.holdVk !== undefined) events.push({ kind: 'key', vk: options.holdVk, extended: false, up: true });
  return events;
}

/** Scale factor of a monitor (1.0 at 96 DPI, 1.5 at 144 DPI). */
export const dpiScale = (dpi: number): number => dpi / 96;

/** The monitor showing a point, or the one whose centre is nearest. */
export function monitorAt(point: Point, monitors: readonly MonitorRecord[]): MonitorRecord | undefined {
  const hit = monitors.find((m) => containsPoint(m.rect, point));
  if (hit) return hit;
  let best: MonitorRecord | undefined;
  let bestDistance = Infinity;
  for (const m of monitors) {
    const c = rectCenter(m.rect);
    const d = (c.x - point.x) ** 2 + (c.y - point.y) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = m;
    }
  }
  return best;
}

/** The primary monitor's rectangle (falls back to the first monitor, then to the virtual screen). */
export function primaryMonitorRect(monitors: readonly MonitorRecord[], virtualScreen: Rect): Rect {
  return (monitors.find((m) => m.primary) ?? monitors[0])?.rect ?? virtualScreen;
}

/**
 * Maps a screen rectangle into the pixels of an image that shows `captureRect`. The image may be larger or smaller
 * than the rectangle in physical pixels (a DPI-virtualised capture, a downscaled screenshot), so both axes are
 * scaled. The result is clipped to the image and undefined when nothing of `rect` is visible in it.
 */
export function mapRectToImage(rect: Rect, captureRect: Rect, image: { width: number; height: number }): Rect | undefined {
  const sx = image.width / Math.max(1, rectWidth(captureRect));
  const sy = image.height / Math.max(1, rectHeight(captureRect));
  const mapped = {
    left: Math.round((rect.left - captureRect.left) * sx),
    top: Math.round((rect.top - captureRect.top) * sy),
    right: Math.round((rect.right - captureRect.left) * sx),
    bottom: Math.round((rect.bottom - captureRect.top) * sy),
  };
  const clipped = {
    left: Math.max(0, mapped.left),
    top: Math.max(0, mapped.top),
    right: Math.min(image.width, mapped.right),
    bottom: Math.min(image.height, mapped.bottom),
  };
  return clipped.right > clipped.left && clipped.bottom > clipped.top ? clipped : undefined;
}
