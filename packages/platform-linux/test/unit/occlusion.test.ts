import { describe, expect, it } from 'vitest';
import { coveringWindow } from '../../src/desktop/occlusion.js';

const main = { id: 1, rect: { x: 0, y: 0, width: 1280, height: 800 } };
const dialog = { id: 2, rect: { x: 92, y: 20, width: 1096, height: 776 } };

describe('occlusion by windows stacked above', () => {
  it('a point of the main window under its dialog is covered; one outside the dialog is not', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 1, [main, dialog])?.id).toBe(2);
    expect(coveringWindow({ x: 20, y: 10 }, 1, [main, dialog])).toBeUndefined();
  });
  it('the dialog itself, on top, is never covered; a window below does not cover', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 2, [main, dialog])).toBeUndefined();
    expect(coveringWindow({ x: 600, y: 400 }, 1, [dialog, main])).toBeUndefined();
  });
  it('a window missing from the stack is treated as uncovered', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 9, [main, dialog])).toBeUndefined();
  });
});
