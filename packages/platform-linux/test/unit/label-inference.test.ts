import { describe, expect, it } from 'vitest';
import { inferCaptions } from '../../src/desktop/label-inference.js';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('captions of unnamed fields', () => {
  it('takes the nearest caption on the same row to the left, not the one of the row above', () => {
    const fields = [{ rect: rect(120, 10, 200, 30) }, { rect: rect(120, 50, 200, 30) }];
    const captions = [
      { text: 'First name', rect: rect(10, 15, 90, 20) },
      { text: 'Last name', rect: rect(10, 55, 90, 20) },
    ];
    expect(inferCaptions(fields, captions)).toEqual(['First name', 'Last name']);
  });

  it('falls back to a caption directly above, and never reads past another field', () => {
    const fields = [{ rect: rect(10, 30, 200, 30) }, { rect: rect(10, 90, 200, 30) }];
    const captions = [
      { text: 'Email', rect: rect(10, 5, 60, 20) },
      { text: 'Phone', rect: rect(10, 65, 60, 20) },
      { text: 'Far away', rect: rect(600, 30, 60, 20) },
    ];
    expect(inferCaptions(fields, captions)).toEqual(['Email', 'Phone']);
    // with the "Phone" caption missing, the second field must not take "Email" from above the first field
    expect(
      inferCaptions(
        fields,
        captions.filter((c) => c.text !== 'Phone'),
      ),
    ).toEqual(['Email', undefined]);
  });

  it('two fields on one row: each takes the caption just before it', () => {
    const fields = [{ rect: rect(80, 10, 100, 30) }, { rect: rect(300, 10, 100, 30) }];
    const captions = [
      { text: 'From', rect: rect(10, 15, 60, 20) },
      { text: 'To', rect: rect(220, 15, 60, 20) },
    ];
    expect(inferCaptions(fields, captions)).toEqual(['From', 'To']);
  });
});

describe('captions never cross windows', () => {
  it('a dialog field does not take the label of the window behind it, only one of its own window', () => {
    // the main window's label ends just left of the dialog's field, on its row; the dialog's own caption is above
    const field = { rect: rect(300, 100, 120, 30), window: 1 };
    const behind = { text: 'Home', rect: rect(200, 105, 80, 20), window: 0 };
    expect(inferCaptions([field], [behind])).toEqual([undefined]);
    const own = { text: 'Margin', rect: rect(300, 75, 60, 20), window: 1 };
    expect(inferCaptions([field], [behind, own])).toEqual(['Margin']);
  });

  it('a field of another window does not block a caption of this one', () => {
    const field = { rect: rect(300, 100, 120, 30), window: 1 };
    const between = { rect: rect(200, 100, 60, 30), window: 0 };
    const caption = { text: 'Width', rect: rect(100, 105, 80, 20), window: 1 };
    expect(inferCaptions([field], [caption], [field, between])).toEqual(['Width']);
  });
});
