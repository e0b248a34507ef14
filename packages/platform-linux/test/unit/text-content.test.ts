import { describe, expect, it } from 'vitest';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { readTextContent } from '../../src/desktop/text-content.js';

/** A fake text view: 100 lines of 20 characters (with the newline), 10 px per line, showing lines 40–49 at y 400–499. */
function fakeDocument(options: { hitTest: boolean; caret?: number; selection?: [number, number] }) {
  const text = Array.from({ length: 100 }, (_, i) => `row ${String(i).padStart(3, '0')} of the text`.padEnd(19, '.')).join('\n') + '\n';
  const calls: string[] = [];
  const lineStart = (offset: number) => offset - (offset % 20);
  const client = {
    characterCount: async () => text.length,
    caretOffset: async () => options.caret ?? -1,
    textSelections: async () => (options.selection ? [{ start: options.selection[0], end: options.selection[1] }] : []),
    textRange: async (_ref: unknown, start: number, end: number) => {
      calls.push(`range ${start} ${end}`);
      return text.slice(start, end < 0 ? undefined : end);
    },
    offsetAtPoint: async (_ref: unknown, _x: number, y: number) => {
      calls.push('hit');
      if (!options.hitTest) return -1;
      return Math.floor(y / 10) * 20 + 3;
    },
    lineAt: async (_ref: unknown, offset: number) => ({
      text: text.slice(lineStart(offset), lineStart(offset) + 20),
      start: lineStart(offset),
      end: lineStart(offset) + 20,
    }),
  } as unknown as AtspiClient;
  return { client, text, calls };
}

const source = (states: string[] = []) => ({
  ref: { bus: ':1.1', path: '/t' },
  states,
  visible: { x: 0, y: 400, width: 300, height: 100 },
  origin: { x: 0, y: 0 },
});

describe('the text a listing reads from a text control', () => {
  it('reads a short text whole, without asking what is visible', async () => {
    const doc = fakeDocument({ hitTest: true });
    const content = await readTextContent(doc.client, source(), { limit: 5000, hitTest: true });
    expect(content).toEqual({ text: doc.text });
    expect(doc.calls).not.toContain('hit');
  });

  it('reads only the visible lines of a long text, and says which part it is', async () => {
    const doc = fakeDocument({ hitTest: true });
    const content = await readTextContent(doc.client, source(), { limit: 1000, hitTest: true });
    expect(content).toMatchObject({ text: doc.text.slice(800, 1000), text_truncated: true, text_range: [800, 1000], text_length: 2000 });
    expect(content!.text.startsWith('row 040')).toBe(true);
  });

  it('cuts the visible lines at the limit', async () => {
    const doc = fakeDocument({ hitTest: true });
    const content = await readTextContent(doc.client, source(), { limit: 50, hitTest: true });
    expect(content).toMatchObject({ text: doc.text.slice(800, 850), text_range: [800, 850], text_truncated: true });
  });

  it('reads whole lines around the caret where the toolkit answers no offset at a point, with caret line and column', async () => {
    const doc = fakeDocument({ hitTest: false, caret: 1205 });
    const content = await readTextContent(doc.client, source(['focused']), { limit: 300, hitTest: true });
    // the caret a third of the way in (1105–1405), trimmed to whole lines (1120–1400)
    expect(content).toMatchObject({ text_range: [1120, 1400], caret: { offset: 1205, line: 61, column: 6 } });
    expect(content!.text.startsWith('row 056')).toBe(true);
  });

  it('never asks for an offset at a point when told the toolkit does not answer it', async () => {
    const doc = fakeDocument({ hitTest: true, caret: 0 });
    const content = await readTextContent(doc.client, source(['focused']), { limit: 100, hitTest: false });
    expect(doc.calls).not.toContain('hit');
    expect(content).toMatchObject({ text_range: [0, 100], caret: { offset: 0, line: 1, column: 1 } });
  });

  it('shows the selection (cut at 500 characters) and the caret of an unfocused control that has one', async () => {
    const doc = fakeDocument({ hitTest: true, caret: 40, selection: [20, 1000] });
    const content = await readTextContent(doc.client, source(), { limit: 5000, hitTest: true });
    expect(content!.caret).toEqual({ offset: 40, line: 3, column: 1 });
    expect(content!.selection).toEqual({ start: 20, end: 1000, text: doc.text.slice(20, 520), text_truncated: true });
  });
});
