import { describe, expect, it } from 'vitest';
import { dedupeMarks, type Mark } from '../src/index.js';

describe('dedupeMarks', () => {
  it('keeps the first mark of each box and of each label, in order, and leaves the input alone', () => {
    const marks: Mark[] = [
      { label: 'e1', rect: { x: 10, y: 10, width: 100, height: 20 } },
      { label: 'e2', left: 10, top: 10, right: 110, bottom: 30 }, // the same box as left/top/right/bottom
      { label: 'e3', rect: { x: 10.4, y: 9.6, width: 100, height: 20 } }, // the same box after rounding
      { label: 'e4', rect: { x: 10, y: 30, width: 100, height: 20 } },
      { label: 'e1', rect: { x: 10, y: 50, width: 100, height: 20 } }, // e1 listed again elsewhere
      { label: 'e5', rect: { x: 10, y: 10, width: 100, height: 21 } }, // a different box
    ];
    const copy = structuredClone(marks);
    expect(dedupeMarks(marks).map((m) => m.label)).toEqual(['e1', 'e4', 'e5']);
    expect(marks).toEqual(copy);
  });

  it('returns marks of the type it was given, and nothing for nothing', () => {
    const typed = dedupeMarks([{ label: '1', left: 0, top: 0, right: 5, bottom: 5, controlType: 'Button' }]);
    expect(typed[0]!.controlType).toBe('Button');
    expect(dedupeMarks([])).toEqual([]);
  });
});
