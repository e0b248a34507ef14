import { describe, expect, it } from 'vitest';
import { isUnlistedPoint, largeUnlistedAreas, unlistedGrid } from '../../src/desktop/unlisted-area.js';

const window = { x: 100, y: 50, width: 640, height: 480 };

describe('largeUnlistedAreas', () => {
  it('returns the whole window when nothing is listed', () => {
    expect(largeUnlistedAreas(window, [])).toEqual([window]);
  });

  it('returns nothing when listed controls cover the window up to thin gaps between them', () => {
    // a grid of 12 × 10 buttons of 48 × 40 px with 5 px spacing, starting 6 px from the window's edges
    const buttons = [];
    for (let row = 0; row < 11; row += 1) {
      for (let col = 0; col < 12; col += 1) buttons.push({ x: window.x + 6 + col * 53, y: window.y + 6 + row * 43, width: 48, height: 40 });
    }
    expect(largeUnlistedAreas(window, buttons)).toEqual([]);
  });

  it('finds a drawn area below a listed toolbar, to the cell grid', () => {
    const toolbar = { x: window.x, y: window.y, width: window.width, height: 100 };
    const areas = largeUnlistedAreas(window, [toolbar]);
    expect(areas).toHaveLength(1);
    const [area] = areas;
    expect(area!.x).toBe(window.x);
    expect(area!.width).toBe(window.width);
    expect(area!.y).toBeGreaterThanOrEqual(window.y + 96);
    expect(area!.y).toBeLessThanOrEqual(window.y + 104);
    expect(area!.y + area!.height).toBe(window.y + window.height);
  });

  it('ignores a ring of margin around listed content (too thin), and a small hole', () => {
    const content = { x: window.x + 16, y: window.y + 16, width: window.width - 32, height: window.height - 32 };
    expect(largeUnlistedAreas(window, [content])).toEqual([]);
    // a 32 × 32 hole between four controls: thinner than 40 px
    const around = [
      { x: window.x, y: window.y, width: 300, height: 480 },
      { x: window.x + 332, y: window.y, width: 308, height: 480 },
      { x: window.x + 300, y: window.y, width: 32, height: 200 },
      { x: window.x + 300, y: window.y + 232, width: 32, height: 248 },
    ];
    expect(largeUnlistedAreas(window, around)).toEqual([]);
  });

  it('keeps two separate large areas apart and drops areas under the minimum size', () => {
    const middle = { x: window.x, y: window.y + 120, width: window.width, height: 240 };
    const areas = largeUnlistedAreas(window, [middle]);
    expect(areas).toHaveLength(2);
    expect(areas.every((a) => a.width === window.width)).toBe(true);
    expect(largeUnlistedAreas(window, [middle], { minAreaPx: 640 * 200 })).toEqual([]);
  });
});

describe('largeUnlistedAreas around listed content', () => {
  it('returns the wide margins beside a central keypad, never a rectangle over the keypad', () => {
    const keypad = { x: window.x + 200, y: window.y + 100, width: 240, height: 380 };
    const areas = largeUnlistedAreas(window, [keypad]);
    expect(areas.length).toBeGreaterThan(0);
    const covered = (a: { x: number; y: number; width: number; height: number }) =>
      a.x < keypad.x + keypad.width && keypad.x < a.x + a.width && a.y < keypad.y + keypad.height && keypad.y < a.y + a.height;
    expect(areas.filter(covered)).toEqual([]);
    // the left margin (200 px wide) is found whole
    expect(areas.some((a) => a.x === window.x && a.width >= 192 && a.height >= 370)).toBe(true);
  });
});

describe('unlistedGrid', () => {
  it('marks points on listed controls as covered', () => {
    const grid = unlistedGrid(window, [{ x: 200, y: 100, width: 80, height: 40 }]);
    expect(isUnlistedPoint(grid, { x: 240, y: 120 })).toBe(false);
    expect(isUnlistedPoint(grid, { x: 400, y: 300 })).toBe(true);
    expect(isUnlistedPoint(grid, { x: 10, y: 10 })).toBe(false);
  });
});
