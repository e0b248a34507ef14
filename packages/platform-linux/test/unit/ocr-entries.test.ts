import { createImage, fillRect, type RgbImage } from '@ufo-ts/imaging';
import type { RecognizeOptions, TextRecognizer, TextRegion } from '@ufo-ts/ocr';
import { describe, expect, it } from 'vitest';
import type { XywhRect } from '../../src/atspi/accessible-node.js';
import { ControlIdRegistry, type UnnumberedControl } from '../../src/desktop/control-ids.js';
import { OCR_REF_BUS, OCR_ROLE, ScreenTextReader, screenTextFields, type ScreenTextInput } from '../../src/desktop/ocr-entries.js';
import { comparableText, duplicatesControl, showsOwnContent, textsMatch } from '../../src/desktop/screen-text-match.js';
import { UNLISTED_CELL_PX } from '../../src/desktop/unlisted-area.js';
import { lazyRecognizer } from '../../src/server/screen-text-setup.js';

const WINDOW: XywhRect = { x: 40, y: 30, width: 600, height: 400 };
const SCREEN = { width: 1280, height: 800 };
const TEXT_IFACE = 'org.a11y.atspi.Text';

/** Text regions in screen coordinates, as the fake screen shows them. */
interface ShownText {
  text: string;
  box: XywhRect;
  confidence?: number;
}

/** A fake recognizer that "reads" the given texts (screen coordinates) inside the areas it is asked to read. */
function fakeRecognizer(shown: () => readonly ShownText[]): TextRecognizer & { calls: RecognizeOptions[] } {
  const calls: RecognizeOptions[] = [];
  return {
    name: 'fake 1.0',
    calls,
    async recognize(image: RgbImage, options: RecognizeOptions = {}): Promise<TextRegion[]> {
      calls.push(options);
      const w = captured.get(image)!;
      const local = shown().map((s) => ({ text: s.text, confidence: s.confidence ?? 0.9, box: { ...s.box, x: s.box.x - w.x, y: s.box.y - w.y } }));
      const inside = (b: XywhRect, a: XywhRect) => b.x >= a.x && b.y >= a.y && b.x + b.width <= a.x + a.width && b.y + b.height <= a.y + a.height;
      return options.areas ? local.filter((r) => options.areas!.some((a) => inside(r.box, a))) : local;
    },
    async close() {},
  };
}

/** Where each fake capture was taken (screen). */
const captured = new WeakMap<RgbImage, XywhRect>();

/** A window capture: white, with a black bar where each text is. */
function captureOf(shown: () => readonly ShownText[]): { capture: ScreenTextInput['capture']; captures: XywhRect[] } {
  const captures: XywhRect[] = [];
  return {
    captures,
    async capture(rect: XywhRect) {
      captures.push(rect);
      const image = createImage(rect.width, rect.height, [255, 255, 255]);
      for (const s of shown()) fillRect(image, { x: s.box.x - rect.x, y: s.box.y - rect.y, width: s.box.width, height: s.box.height }, [0, 0, 0]);
      captured.set(image, rect);
      return image;
    },
  };
}

function control(role: string, name: string, rect: XywhRect, interfaces: string[] = []): UnnumberedControl {
  return {
    ref: { bus: ':1.5', path: `/obj/${role}/${name}` },
    origin: { x: 0, y: 0 },
    role,
    name,
    rawName: name,
    states: ['enabled'],
    interfaces,
    rect,
    depth: 1,
  };
}

/** A toolbar of buttons across the top and an unlisted drawing area below. */
const TOOLBAR = [
  control('push button', 'Open', { x: 40, y: 30, width: 300, height: 60 }),
  control('push button', 'Save', { x: 340, y: 30, width: 300, height: 60 }),
];

describe('ScreenTextReader', () => {
  it('reads nothing without a recognizer (mode off)', async () => {
    const reader = new ScreenTextReader({ mode: 'auto' });
    expect(reader.mode).toBe('off');
    const { capture, captures } = captureOf(() => []);
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: undefined, capture });
    expect(result.entries).toEqual([]);
    expect(captures).toEqual([]);
  });

  it('auto: captures nothing when the listed controls cover the window', async () => {
    const recognizer = fakeRecognizer(() => []);
    const reader = new ScreenTextReader({ recognizer });
    const { capture, captures } = captureOf(() => []);
    const full = [control('text', '', { ...WINDOW }, [TEXT_IFACE])];
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: full, capture });
    expect(result).toMatchObject({ entries: [], readAreas: [], ms: 0 });
    expect(captures).toEqual([]);
    expect(recognizer.calls).toEqual([]);
  });

  it('auto: reads only the unlisted area and lists its text as entries in screen coordinates', async () => {
    const shown: ShownText[] = [
      { text: 'Open', box: { x: 170, y: 50, width: 40, height: 14 } },
      { text: 'Total 50.15', box: { x: 100, y: 200, width: 90, height: 14 }, confidence: 0.874 },
    ];
    const recognizer = fakeRecognizer(() => shown);
    const reader = new ScreenTextReader({ mode: 'auto', recognizer });
    const { capture, captures } = captureOf(() => shown);
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, capture });
    // only the part below the toolbar is captured and read (image coordinates of that capture)
    expect(captures).toHaveLength(1);
    expect(captures[0]!.y).toBeGreaterThanOrEqual(WINDOW.y + 56);
    expect(captures[0]!.y).toBeLessThanOrEqual(WINDOW.y + 64);
    expect(captures[0]!.y + captures[0]!.height).toBe(WINDOW.y + WINDOW.height);
    expect(recognizer.calls).toHaveLength(1);
    expect(recognizer.calls[0]!.areas).toEqual([{ ...captures[0]!, x: 0, y: 0 }]);
    expect(result.entries).toHaveLength(1);
    expect(result.entries[0]).toMatchObject({
      role: OCR_ROLE,
      name: 'Total 50.15',
      rect: { x: 100, y: 200, width: 90, height: 14 },
      source: 'ocr',
      confidence: 0.87,
      interfaces: [],
      topWindow: 1,
    });
    expect(result.entries[0]!.ref.bus).toBe(OCR_REF_BUS);
    expect(screenTextFields(result.entries[0]!)).toEqual({ source: 'ocr', confidence: 0.87 });
    expect(screenTextFields(TOOLBAR[0]!)).toEqual({});
  });

  it('auto: reads the whole window of an app with no accessibility tree', async () => {
    const shown: ShownText[] = [
      { text: '7', box: { x: 60, y: 300, width: 8, height: 12 } },
      { text: '=', box: { x: 500, y: 380, width: 9, height: 6 } },
    ];
    const recognizer = fakeRecognizer(() => shown);
    const reader = new ScreenTextReader({ recognizer });
    const { capture } = captureOf(() => shown);
    const result = await reader.entries({ windowId: 2, windowRect: WINDOW, screen: SCREEN, controls: undefined, capture });
    expect(recognizer.calls[0]!.areas).toBeUndefined();
    expect(result.entries.map((e) => e.name)).toEqual(['7', '=']);
    expect(result.readAreas).toEqual([WINDOW]);
  });

  it('always: reads the whole window; text repeating a listed control on its box is dropped, other text kept', async () => {
    const shown: ShownText[] = [
      { text: 'Open', box: { x: 170, y: 50, width: 40, height: 14 } },
      { text: 'Ctrl+S', box: { x: 470, y: 50, width: 50, height: 14 } },
      { text: 'Open', box: { x: 200, y: 300, width: 40, height: 14 } },
    ];
    const recognizer = fakeRecognizer(() => shown);
    const reader = new ScreenTextReader({ mode: 'always', recognizer });
    const { capture } = captureOf(() => shown);
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, capture });
    expect(recognizer.calls[0]!.areas).toBeUndefined();
    // "Ctrl+S" is on the Save button but says something else; the second "Open" is not on the Open button
    expect(result.entries.map((e) => [e.name, e.rect!.x])).toEqual([
      ['Ctrl+S', 470],
      ['Open', 200],
    ]);
  });

  it('uses the content of text fields for the duplicate check', async () => {
    const field = control('text', '', { x: 40, y: 100, width: 600, height: 40 }, [TEXT_IFACE]);
    const shown: ShownText[] = [{ text: 'hello world', box: { x: 50, y: 110, width: 80, height: 14 } }];
    const reader = new ScreenTextReader({ mode: 'always', recognizer: fakeRecognizer(() => shown) });
    const { capture } = captureOf(() => shown);
    const result = await reader.entries({
      windowId: 1,
      windowRect: WINDOW,
      screen: SCREEN,
      controls: [field],
      capture,
      readText: async () => 'hello world, and more',
    });
    expect(result.entries).toEqual([]);
  });

  it('does not read a blank unlisted area', async () => {
    const recognizer = fakeRecognizer(() => []);
    const reader = new ScreenTextReader({ recognizer });
    const { capture, captures } = captureOf(() => []);
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, capture });
    expect(captures).toHaveLength(1);
    expect(recognizer.calls).toEqual([]);
    expect(result.entries).toEqual([]);
  });

  it('a role-filtered listing has no OCR entries', async () => {
    const recognizer = fakeRecognizer(() => []);
    const reader = new ScreenTextReader({ mode: 'always', recognizer });
    const { capture, captures } = captureOf(() => []);
    await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, filtered: true, capture });
    expect(captures).toEqual([]);
  });

  it('keeps ids while the same text stays at about the same place, through the control id registry', async () => {
    let shown: ShownText[] = [
      { text: '7', box: { x: 60, y: 300, width: 8, height: 12 } },
      { text: '8', box: { x: 160, y: 300, width: 8, height: 12 } },
      { text: '0', box: { x: 560, y: 40, width: 8, height: 12 } },
    ];
    const reader = new ScreenTextReader({ recognizer: fakeRecognizer(() => shown) });
    const { capture } = captureOf(() => shown);
    const registry = new ControlIdRegistry();
    const list = async () => {
      const { entries } = await reader.entries({ windowId: 3, windowRect: WINDOW, screen: SCREEN, controls: undefined, capture });
      return registry.assign(
        3,
        entries,
        entries.map(() => -1),
      );
    };
    const first = await list();
    expect(first.map((r) => [r.id, r.name])).toEqual([
      ['a1', '7'],
      ['a2', '8'],
      ['a3', '0'],
    ]);
    // the display now shows 84 (wider, same right edge); 7 and 8 read a pixel off
    shown = [
      { text: '7', box: { x: 61, y: 301, width: 8, height: 12 } },
      { text: '8', box: { x: 159, y: 300, width: 8, height: 12 } },
      { text: '84', box: { x: 552, y: 40, width: 16, height: 12 } },
    ];
    const second = await list();
    expect(second.map((r) => [r.id, r.name])).toEqual([
      ['a1', '7'],
      ['a2', '8'],
      ['a4', '84'],
    ]);
    expect(() => registry.resolve('a3')).toThrow(/not in the window's latest listing/);
    // the same text far away is another entry
    shown = [{ text: '7', box: { x: 300, y: 300, width: 8, height: 12 } }];
    expect((await list()).map((r) => r.id)).toEqual(['a5']);
  });

  it('says once when the engine is missing, then stops reading', async () => {
    let calls = 0;
    const recognizer: TextRecognizer = {
      name: 'missing',
      async recognize() {
        calls += 1;
        throw Object.assign(new Error('tesseract is not installed'), { code: 'OCR_ENGINE_MISSING' });
      },
      async close() {},
    };
    const reader = new ScreenTextReader({ recognizer });
    const shown = [{ text: 'x', box: { x: 60, y: 300, width: 30, height: 12 } }];
    const { capture } = captureOf(() => shown);
    const input = { windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: undefined, capture };
    const first = await reader.entries(input);
    expect(first.notes).toEqual([expect.stringMatching(/OCR is off from now on\): tesseract is not installed/)]);
    const second = await reader.entries(input);
    expect(second).toMatchObject({ entries: [], notes: [] });
    expect(calls).toBe(1);
  });

  it('a lazy recognizer starts its engine on the first read only', async () => {
    let created = 0;
    const lazy = lazyRecognizer('fake', async () => {
      created += 1;
      return fakeRecognizer(() => []);
    });
    expect(lazy.started()).toBe(false);
    await lazy.close();
    expect(created).toBe(0);
    await lazy.recognize(createImage(4, 4));
    await lazy.recognize(createImage(4, 4));
    expect(created).toBe(1);
  });
});

describe('text matching and covering controls', () => {
  it('compares text as people read it', () => {
    expect(comparableText('  Save  As… ')).toBe('saveas');
    expect(comparableText('+')).toBe('+');
    expect(textsMatch('Save', 'save')).toBe(true);
    expect(textsMatch('Save As', 'Save As…')).toBe(true);
    expect(textsMatch('Documents', 'Docurnents')).toBe(true);
    expect(textsMatch('Documents', 'Downloads')).toBe(false);
    expect(textsMatch('7', '8')).toBe(false);
    expect(textsMatch('=', '=')).toBe(true);
    expect(textsMatch('a', 'Save')).toBe(false);
    expect(textsMatch('Items: 1', 'Items: 0')).toBe(false);
    expect(textsMatch('10', '1')).toBe(false);
  });

  it('finds duplicates only on the control', () => {
    const listed = [{ rect: { x: 0, y: 0, width: 100, height: 30 }, texts: ['OK'] }];
    expect(duplicatesControl({ text: 'OK', box: { x: 40, y: 8, width: 20, height: 14 } }, listed)).toBe(true);
    expect(duplicatesControl({ text: 'OK', box: { x: 140, y: 8, width: 20, height: 14 } }, listed)).toBe(false);
    expect(duplicatesControl({ text: 'Cancel', box: { x: 40, y: 8, width: 20, height: 14 } }, listed)).toBe(false);
  });

  it('counts controls that show their own content, not holders or documents without text', () => {
    const rect = { x: 0, y: 0, width: 10, height: 10 };
    expect(showsOwnContent({ role: 'push button', interfaces: [], rect })).toBe(true);
    expect(showsOwnContent({ role: 'table cell', interfaces: [], rect })).toBe(true);
    expect(showsOwnContent({ role: 'panel', interfaces: [], rect })).toBe(false);
    expect(showsOwnContent({ role: 'drawing area', interfaces: [], rect })).toBe(false);
    expect(showsOwnContent({ role: 'table', interfaces: [], rect })).toBe(false);
    expect(showsOwnContent({ role: 'document text', interfaces: [], rect })).toBe(false);
    expect(showsOwnContent({ role: 'document text', interfaces: [TEXT_IFACE], rect })).toBe(true);
    expect(showsOwnContent({ role: 'push button', interfaces: [], rect, scrolledOutOf: rect })).toBe(false);
    expect(showsOwnContent({ role: 'label', interfaces: [], rect: undefined })).toBe(false);
  });
});

describe('ScreenTextReader: parts of the window that are not read (rulers, a described sheet)', () => {
  /** A ruler right below the toolbar: tick labels, not content. */
  const RULER: XywhRect = { x: 40, y: 90, width: 600, height: 30 };
  /** A sheet's grid in the middle of the window, with unlisted strips above and below it. */
  const SHEET: XywhRect = { x: 40, y: 150, width: 600, height: 200 };
  /** Whether `a` reaches into `b` by more than the unlisted-area grid's cell (areas are found on that grid). */
  const meets = (a: XywhRect, b: XywhRect): boolean =>
    a.x < b.x + b.width - UNLISTED_CELL_PX &&
    b.x < a.x + a.width - UNLISTED_CELL_PX &&
    a.y < b.y + b.height - UNLISTED_CELL_PX &&
    b.y < a.y + a.height - UNLISTED_CELL_PX;

  it('areasToRead leaves the unreadable rectangles out', () => {
    const reader = new ScreenTextReader({ recognizer: fakeRecognizer(() => []) });
    const input = { windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR };
    expect(reader.areasToRead(input).some((a) => meets(a, RULER))).toBe(true);
    const areas = reader.areasToRead({ ...input, unreadable: [RULER] });
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.some((a) => meets(a, RULER))).toBe(false);
    // everything below the ruler is still read
    expect(Math.min(...areas.map((a) => a.y))).toBeGreaterThanOrEqual(RULER.y + RULER.height - UNLISTED_CELL_PX);
    expect(Math.max(...areas.map((a) => a.y + a.height))).toBe(WINDOW.y + WINDOW.height);
  });

  it('does not capture a ruler nor list its tick labels; text below it is listed', async () => {
    const shown: ShownText[] = [
      { text: '1 2 3 4 5', box: { x: 100, y: 98, width: 200, height: 12 } },
      { text: 'Total 50.15', box: { x: 100, y: 200, width: 90, height: 14 } },
    ];
    const recognizer = fakeRecognizer(() => shown);
    const reader = new ScreenTextReader({ recognizer });
    const { capture, captures } = captureOf(() => shown);
    const result = await reader.entries({ windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, unreadable: [RULER], capture });
    expect(captures).toHaveLength(1);
    expect(captures[0]!.y).toBeGreaterThanOrEqual(RULER.y + RULER.height - UNLISTED_CELL_PX);
    expect(result.entries.map((e) => e.name)).toEqual(['Total 50.15']);
  });

  it('text the engine finds inside an unreadable rectangle (in a capture around it) is not listed', async () => {
    // the strips above and below the sheet are read with one capture that spans the sheet; an engine that reads the
    // whole capture finds the sheet's headings too
    const shown: ShownText[] = [
      { text: 'Heading above', box: { x: 100, y: 110, width: 120, height: 14 } },
      { text: 'A B C D', box: { x: 100, y: 200, width: 200, height: 14 } },
      { text: 'Footer below', box: { x: 100, y: 380, width: 120, height: 14 } },
    ];
    const wholeCapture: TextRecognizer = {
      name: 'whole capture',
      async recognize(image: RgbImage): Promise<TextRegion[]> {
        const w = captured.get(image)!;
        return shown.map((s) => ({ text: s.text, confidence: 0.9, box: { ...s.box, x: s.box.x - w.x, y: s.box.y - w.y } }));
      },
      async close() {},
    };
    const reader = new ScreenTextReader({ recognizer: wholeCapture });
    const { capture } = captureOf(() => shown);
    const input = { windowId: 1, windowRect: WINDOW, screen: SCREEN, controls: TOOLBAR, capture };
    // without the sheet being unreadable, its headings would be listed
    expect((await reader.entries(input)).entries.map((e) => e.name)).toContain('A B C D');
    const result = await reader.entries({ ...input, unreadable: [SHEET] });
    expect(result.entries.map((e) => e.name)).toEqual(['Heading above', 'Footer below']);
  });
});
