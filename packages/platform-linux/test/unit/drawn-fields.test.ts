import { describe, expect, it } from 'vitest';
import { fieldRightOf, isCaption } from '../../src/desktop/drawn-fields.js';

const window = { x: 0, y: 0, width: 800, height: 600 };

describe('fieldRightOf', () => {
  // a Tk form: the toplevel frame, a label widget holding the caption, the entry right of it, a button below
  const frame = { x: 0, y: 0, width: 800, height: 600 };
  const label = { x: 12, y: 12, width: 100, height: 28 };
  const entry = { x: 150, y: 12, width: 110, height: 30 };
  const button = { x: 12, y: 60, width: 110, height: 36 };
  const widgets = [frame, label, entry, button];

  it('finds the field right of a caption, on its row', () => {
    expect(fieldRightOf({ x: 15, y: 16, width: 85, height: 20 }, widgets, window)).toEqual(entry);
  });

  it('finds nothing when no widget is right of the caption (one window for the whole app)', () => {
    expect(fieldRightOf({ x: 15, y: 16, width: 85, height: 20 }, [frame], window)).toBeUndefined();
    expect(fieldRightOf({ x: 15, y: 70, width: 85, height: 20 }, widgets, window)).toBeUndefined();
  });

  it('tells captions by their colon', () => {
    expect(isCaption('Quantity:')).toBe(true);
    expect(isCaption('Name: ')).toBe(true);
    expect(isCaption('Save')).toBe(false);
  });
});
