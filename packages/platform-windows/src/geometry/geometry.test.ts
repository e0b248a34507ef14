import { describe, expect, it } from 'vitest';
import { InputInvalidError } from '../errors.js';
import type { MonitorRecord } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { fractionToPoint, rectCenter, rectIou, relativeRect, unionRects } from './rect.js';
import {
  clickEvents,
  denormalizeFromVirtualDesk,
  dragEvents,
  mapRectToImage,
  monitorAt,
  normalizeToVirtualDesk,
  primaryMonitorRect,
  wheelEvents,
} from './screen-math.js';

const rect = (left: number, top: number, right: number, bottom: number): Rect => ({ left, top, right, bottom });

// Two monitors: a 1920x1080 primary at 100 % and a 2560x1440 one at 150 % to its left (negative coordinates).
const monitors: MonitorRecord[] = [
  { rect: rect(0, 0, 1920, 1080), workArea: rect(0, 0, 1920, 1040), dpi: 96, primary: true, name: '\\\\.\\DISPLAY1' },
  { rect: rect(-2560, -360, 0, 1080), workArea: rect(-2560, -360, 0, 1040), dpi: 144, primary: false, name: '\\\\.\\DISPLAY2' },
];
const virtualScreen = rect(-2560, -360, 1920, 1080);

describe('fractionToPoint (click_on_coordinates)', () => {
  const win = rect(100, 200, 900, 800);
  it('maps fractions of the window to screen pixels, origin top-left', () => {
    expect(fractionToPoint(win, 0, 0)).toEqual({ x: 100, y: 200 });
    expect(fractionToPoint(win, 0.5, 0.5)).toEqual({ x: 500, y: 500 });
    expect(fractionToPoint(win, 1, 1)).toEqual({ x: 899, y: 799 });
  });
  it.each([
    [-0.1, 0.5],
    [0.5, 1.01],
    [Number.NaN, 0],
  ])('rejects (%s, %s)', (x, y) => {
    expect(() => fractionToPoint(win, x, y)).toThrow(InputInvalidError);
  });
  it('rejects a window without area', () => {
    expect(() => fractionToPoint(rect(0, 0, 0, 0), 0.5, 0.5)).toThrow(/no area/);
  });
});

describe('SendInput normalised coordinates', () => {
  it('round-trips every pixel of a 1920-wide screen and a wide multi-monitor desk', () => {
    for (const screen of [rect(0, 0, 1920, 1080), virtualScreen, rect(0, 0, 3, 3)]) {
      for (let x = screen.left; x < screen.right; x += 1) {
        const n = normalizeToVirtualDesk({ x, y: screen.top }, screen);
        expect(denormalizeFromVirtualDesk(n, screen).x).toBe(x);
      }
    }
  });
  it('handles monitors left of the primary (negative coordinates) and clamps outside points', () => {
    const n = normalizeToVirtualDesk({ x: -2560, y: -360 }, virtualScreen);
    expect(n).toEqual({ nx: 7, ny: 22 });
    expect(normalizeToVirtualDesk({ x: 99999, y: -99999 }, virtualScreen)).toEqual({ nx: 65535, ny: 0 });
  });
});

describe('mouse event builders', () => {
  it('double-clicks with a pause between the two clicks', () => {
    const events = clickEvents({ x: 10, y: 10 }, rect(0, 0, 100, 100), 'right', true);
    expect(events.map((e) => e.kind)).toEqual(['mouseMove', 'mouseButton', 'mouseButton', 'pause', 'mouseButton', 'mouseButton']);
    expect(events.filter((e) => e.kind === 'mouseButton').every((e) => e.kind === 'mouseButton' && e.button === 'right')).toBe(true);
  });
  it('turns UFO wheel_dist notches into WHEEL_DELTA units (positive = up)', () => {
    expect(wheelEvents({ x: 1, y: 1 }, rect(0, 0, 10, 10), -3).at(-1)).toEqual({ kind: 'wheel', delta: -360, horizontal: false });
    expect(wheelEvents({ x: 1, y: 1 }, rect(0, 0, 10, 10), 0)).toHaveLength(1);
  });
  it('drags in straight steps over the duration with the key held around it', () => {
    const events = dragEvents({ x: 0, y: 0 }, { x: 100, y: 50 }, rect(0, 0, 200, 200), {
      button: 'left',
      durationMs: 100,
      stepMs: 25,
      holdVk: 17,
    });
    expect(events[0]).toEqual({ kind: 'key', vk: 17, extended: false, up: false });
    expect(events.at(-1)).toEqual({ kind: 'key', vk: 17, extended: false, up: true });
    const moves = events.filter((e) => e.kind === 'mouseMove').map((e) => e.kind === 'mouseMove' && [e.x, e.y]);
    expect(moves).toEqual([
      [0, 0],
      [25, 13],
      [50, 25],
      [75, 38],
      [100, 50],
    ]);
    const pauses = events.filter((e) => e.kind === 'pause').reduce((sum, e) => sum + (e.kind === 'pause' ? e.ms : 0), 0);
    expect(pauses).toBe(100);
    const buttons = events.filter((e) => e.kind === 'mouseButton').map((e) => e.kind === 'mouseButton' && e.up);
    expect(buttons).toEqual([false, true]);
  });
});

describe('monitors and DPI', () => {
  it('finds the monitor of a point, or the nearest one', () => {
    expect(monitorAt({ x: -10, y: 500 }, monitors)?.dpi).toBe(144);
    expect(monitorAt({ x: 5000, y: 500 }, monitors)?.primary).toBe(true);
    expect(primaryMonitorRect(monitors, virtualScreen)).toEqual(rect(0, 0, 1920, 1080));
  });
  it('maps a control rect into a screenshot of a 150 % window captured at logical size', () => {
    const windowRect = rect(-2000, 0, -800, 900); // 1200x900 physical
    const image = { width: 800, height: 600 }; // DPI-virtualised capture
    expect(mapRectToImage(rect(-1700, 300, -1400, 450), windowRect, image)).toEqual(rect(200, 200, 400, 300));
  });
  it('clips to the image and drops rects outside it', () => {
    const windowRect = rect(0, 0, 100, 100);
    expect(mapRectToImage(rect(-10, 90, 20, 120), windowRect, { width: 100, height: 100 })).toEqual(rect(0, 90, 20, 100));
    expect(mapRectToImage(rect(200, 200, 300, 300), windowRect, { width: 100, height: 100 })).toBeUndefined();
  });
});

describe('rect helpers', () => {
  it('computes centre, union, relative rect and IoU', () => {
    expect(rectCenter(rect(10, 10, 21, 31))).toEqual({ x: 15, y: 20 });
    expect(unionRects([rect(0, 0, 10, 10), rect(5, -5, 20, 5), rect(3, 3, 3, 3)])).toEqual(rect(0, -5, 20, 10));
    expect(relativeRect(rect(-100, 50, -50, 70), rect(-200, 0, 0, 100))).toEqual(rect(100, 50, 150, 70));
    expect(rectIou(rect(0, 0, 10, 10), rect(5, 0, 15, 10))).toBeCloseTo(1 / 3);
  });
});
