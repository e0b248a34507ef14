import { describe, expect, it } from 'vitest';
import { labelLayoutProblems, layoutSetOfMarks, placeLabels, rectContains, type Mark, type PixelRect } from '../src/index.js';

const W = 1280;
const H = 800;
const rect = (x: number, y: number, width: number, height: number): PixelRect => ({ x, y, width, height });

/** A menu at (100, 60): the menu box itself (`m0`) and `rows` items `rowHeight` high right under each other. */
function menu(rows: number, rowHeight: number): Mark[] {
  const items = Array.from({ length: rows }, (_, i) => ({ label: `e${i + 1}`, rect: rect(100, 60 + i * rowHeight, 220, rowHeight) }));
  return [{ label: 'm0', rect: rect(100, 60, 220, rows * rowHeight) }, ...items];
}

/** A label's vertical extent lies within its box's. */
const withinRow = (label: PixelRect, box: PixelRect) => label.y >= box.y && label.y + label.height <= box.y + box.height;

describe('label placement on menus, toolbars and grids', () => {
  it('menu rows 26 px high: every item label inside its own row at full size, the menu label off the rows', () => {
    const layout = layoutSetOfMarks(menu(12, 26), W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    layout.labels.slice(1).forEach((label, i) => {
      expect(rectContains(layout.boxes[i + 1]!, label.rect), layout.marks[i + 1]!.label).toBe(true);
      expect(label.scale).toBe(2);
    });
    // the menu's own label would cover a row inside the menu: it goes against the menu's left edge
    expect(layout.labels[0]!.position).toBe('left');
  });

  it('menu rows 14 px high (shorter than a full-size label): labels shrink and stay within their own rows', () => {
    const layout = layoutSetOfMarks(menu(20, 14), W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    layout.labels.slice(1).forEach((label, i) => {
      expect(withinRow(label.rect, layout.boxes[i + 1]!), `${layout.marks[i + 1]!.label} ${JSON.stringify(label)}`).toBe(true);
      expect(label.scale).toBe(1);
    });
  });

  it('menu rows exactly as high as a label: each label in its own row, a pixel between any two labels', () => {
    const layout = layoutSetOfMarks(menu(10, 18), W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    layout.labels.slice(1).forEach((label, i) => {
      expect(withinRow(label.rect, layout.boxes[i + 1]!)).toBe(true);
      expect(label.position).not.toBe('fallback');
    });
    // labels of neighbouring rows that would touch at the same corner take turns at the left and right corners
    expect(layout.labels.slice(3, 7).map((l) => l.position)).toEqual(['inside-top-right', 'inside-top-left', 'inside-top-right', 'inside-top-left']);
    const touch = (a: PixelRect, b: PixelRect) => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
    layout.labels.forEach((a, i) => layout.labels.forEach((b, j) => i < j && expect(touch(a.rect, b.rect), `${i} ${j}`).toBe(false)));
  });

  it('"e9" and "e10" on neighbouring small boxes never run together into "e109"', () => {
    // a toolbar of 24 x 24 buttons edge to edge: no label fits inside, left and right are neighbours' boxes
    const toolbar: Mark[] = Array.from({ length: 30 }, (_, i) => ({ label: `e${i + 1}`, rect: rect(40 + i * 24, 100, 24, 24) }));
    const layout = layoutSetOfMarks(toolbar, W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    expect(layout.labels.every((l) => l.position !== 'fallback')).toBe(true);
  });

  it('a calculator keypad: labels inside their buttons at full size', () => {
    const keys: Mark[] = [];
    for (let row = 0; row < 5; row += 1) {
      for (let col = 0; col < 6; col += 1) keys.push({ label: `e${keys.length + 1}`, rect: rect(20 + col * 52, 200 + row * 40, 52, 40) });
    }
    const layout = layoutSetOfMarks([{ label: 'w1', rect: rect(0, 0, 400, 480) }, ...keys], W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    layout.labels.slice(1).forEach((label, i) => {
      expect(label.position).toBe('inside-top-left');
      expect(rectContains(layout.boxes[i + 1]!, label.rect)).toBe(true);
    });
  });

  it('100 controls of a busy 1280x800 window (rows, columns, nested panels): no label misleads', () => {
    const marks: Mark[] = [{ label: 'e0', rect: rect(0, 0, W, H) }];
    // a menu bar, a toolbar of small buttons, a side list, a grid of fields and buttons, a status bar
    for (let i = 0; i < 8; i += 1) marks.push({ label: `e${marks.length}`, rect: rect(i * 48, 0, 48, 22) });
    for (let i = 0; i < 22; i += 1) marks.push({ label: `e${marks.length}`, rect: rect(i * 26, 24, 26, 26) });
    for (let i = 0; i < 25; i += 1) marks.push({ label: `e${marks.length}`, rect: rect(0, 56 + i * 28, 200, 28) });
    for (let i = 0; i < 40; i += 1) {
      const col = i % 4;
      const row = Math.floor(i / 4);
      marks.push({ label: `e${marks.length}`, rect: rect(220 + col * 260, 70 + row * 60, col % 2 === 0 ? 240 : 60, 30) });
    }
    while (marks.length < 100) marks.push({ label: `e${marks.length}`, rect: rect(220 + (marks.length % 5) * 200, 770, 200, 30) });
    const layout = layoutSetOfMarks(marks, W, H);
    expect(layout.marks).toHaveLength(100);
    expect(labelLayoutProblems(layout)).toEqual([]);
  });

  it('300 random boxes, many overlapping: every label placed by the rules (not the last resort) obeys them', () => {
    let seed = 42;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const marks: Mark[] = Array.from({ length: 300 }, (_, i) => ({ label: `e${i}`, rect: rect(next(1240), next(780), 8 + next(200), 8 + next(60)) }));
    const layout = layoutSetOfMarks(marks, W, H);
    // the labels placed by the rules, checked by brute force against each other and against every box (a
    // last-resort label may land on them: that is its own doing)
    const ruled = layout.labels.flatMap((l, i) => (l.position === 'fallback' ? [] : [i]));
    expect(ruled.length).toBeGreaterThan(200);
    const lastResort = new Set(layout.marks.filter((_, i) => layout.labels[i]!.position === 'fallback').map((m) => m.label));
    // the labels a problem is about: "labels A and B overlap", "label A covers the box of B", "label A is away..."
    const labelsOf = (problem: string) => problem.match(/^labels (\S+) and (\S+)/)?.slice(1) ?? [problem.split(' ')[1]!];
    const problems = labelLayoutProblems(layout).filter((p) => !labelsOf(p).some((id) => lastResort.has(id)));
    expect(problems).toEqual([]);
  });

  it('combo items listed twice (same box, different ids) and a control listed twice are drawn once', () => {
    const items: Mark[] = [
      { label: 'e4', rect: rect(50, 100, 160, 24) },
      { label: 'e5', rect: rect(50, 124, 160, 24) },
      { label: 'e6', rect: rect(50, 100, 160, 24) }, // e4 again, from the combo's list
      { label: 'e7', rect: rect(50, 124, 160, 24) }, // e5 again
      { label: 'e5', rect: rect(50, 400, 160, 24) }, // e5 listed twice under one id
    ];
    const layout = layoutSetOfMarks(items, W, H);
    expect(layout.marks.map((m) => m.label)).toEqual(['e4', 'e5']);
    expect(layout.labels).toHaveLength(2);
    expect(labelLayoutProblems(layout)).toEqual([]);
  });

  it('an open menu over an editor (rows sticking out of it by 2 px): row labels inside their rows, the editor label off the menu', () => {
    // what mousepad shows with its File menu open: the rows are not inside the editor box, only mostly over it
    const editor: Mark = { label: 'a22', rect: rect(1, 52, 1278, 745) };
    const rows: Mark[] = Array.from({ length: 12 }, (_, i) => ({ label: `a${i + 3}`, rect: rect(0, 50 + i * 25, 304, 25) }));
    const layout = layoutSetOfMarks([...rows, editor], W, H);
    expect(labelLayoutProblems(layout)).toEqual([]);
    rows.forEach((_, i) => expect(layout.labels[i]).toMatchObject({ position: 'inside-top-left', scale: 2 }));
    expect(layout.labels[12]!.position).toBe('inside-top-right');
  });

  it("galculator's open number-base combo (its popup listed twice) over a text field: no label on a row it is not", () => {
    // the rectangles AT-SPI gave for galculator's preferences, Numbers tab, with the combo's popup open
    const items = (first: number): Mark[] => [
      { label: `b${first}`, rect: rect(555, 182, 341, 124) },
      ...['Decimal', 'Hexadecimal', 'Octal', 'Binary'].map((_, i) => ({ label: `b${first + 1 + i}`, rect: rect(555, 186 + i * 29, 341, 29) })),
    ];
    const marks: Mark[] = [
      { label: 'b54', rect: rect(555, 181, 341, 34) }, // the combo box
      { label: 'b55', rect: rect(563, 324, 118, 34) }, // a spin button below the popup
      { label: 'b56', rect: rect(563, 284, 118, 34) }, // a text field mostly under the popup's last row
      { label: 'b57', rect: rect(400, 256, 281, 22) }, // a check box partly under the popup
      ...items(58),
      ...items(63),
    ];
    const layout = layoutSetOfMarks(marks, W, H);
    expect(layout.marks.map((m) => m.label)).toEqual(['b54', 'b55', 'b56', 'b57', 'b58', 'b59', 'b60', 'b61', 'b62']);
    expect(labelLayoutProblems(layout)).toEqual([]);
    // the popup's rows show their own labels; the text field's label stays on its visible strip below the popup
    for (const i of [5, 6, 7, 8]) expect(rectContains(layout.boxes[i]!, layout.labels[i]!.rect), layout.marks[i]!.label).toBe(true);
    const field = layout.labels[2]!.rect;
    expect(field.y).toBeGreaterThanOrEqual(306);
    expect(rectContains(layout.boxes[2]!, field)).toBe(true);
  });

  it('labelLayoutProblems names overlapping labels, labels on a neighbour and labels away from their box', () => {
    const rows: Mark[] = [
      { label: 'e9', rect: rect(10, 10, 200, 14) },
      { label: 'e10', rect: rect(10, 24, 200, 14) },
    ];
    // UFO's corner placement: e9's 18 px label reaches into e10's row and onto e10's label
    const inside = layoutSetOfMarks(rows, W, H, { labelPlacement: 'inside' });
    expect(labelLayoutProblems(inside)).toEqual(['labels e9 and e10 overlap', 'label e9 covers the box of e10']);
    expect(labelLayoutProblems({ boxes: [rect(0, 0, 10, 10)], labels: [{ rect: rect(20, 20, 5, 5) }] })).toEqual(['label #0 is away from its own box']);
  });

  it('is deterministic', () => {
    const marks = menu(15, 20);
    expect(layoutSetOfMarks(marks, W, H)).toEqual(layoutSetOfMarks(marks, W, H));
  });

  it("keeps UFO's corner with 'inside': the top-left of the box, moved into the image", () => {
    const layout = layoutSetOfMarks(
      [
        { label: 'e1', rect: rect(1270, 10, 40, 40) },
        { label: 'e2', rect: rect(10, 10, 8, 8) },
      ],
      W,
      H,
      { labelPlacement: 'inside' },
    );
    expect(layout.labels.map((l) => l.rect)).toEqual([rect(W - 26, 10, 26, 18), rect(10, 10, 26, 18)]);
  });
});

describe('placeLabels', () => {
  const options = { width: 300, height: 200, fontScale: 2, minFontScale: 1, padding: 2, placement: 'avoid' as const };

  it('tries inside the box first, then against it, then smaller', () => {
    const [big, small, tiny] = placeLabels(
      [
        { text: 'a1', box: rect(10, 10, 100, 40) },
        { text: 'b2', box: rect(150, 40, 10, 10) },
        { text: 'c3', box: rect(200, 100, 8, 8) },
      ],
      options,
    );
    expect(big).toEqual({ rect: rect(10, 10, 26, 18), scale: 2, padding: 2, position: 'inside-top-left' });
    // 18 px is taller than the 10 px box: beside it at scale 1 (9 px), within the box's row
    expect(small).toEqual({ rect: rect(137, 40, 13, 9), scale: 2 - 1, padding: 1, position: 'left' });
    // an 8 px box: no label size stays within its row or column, so beside it at full size
    expect(tiny).toEqual({ rect: rect(174, 100, 26, 18), scale: 2, padding: 2, position: 'left' });
  });

  it('shrinks when nothing fits at full size, and as a last resort puts the label inside its box', () => {
    const fenced = placeLabels(
      [
        { text: 'a1', box: rect(0, 0, 30, 16) },
        { text: 'b2', box: rect(30, 0, 30, 16) },
      ],
      { ...options, width: 60, height: 16 },
    );
    expect(fenced.map((l) => [l.scale, l.position])).toEqual([
      [1, 'inside-top-left'],
      [1, 'inside-top-left'],
    ]);
    const [cramped] = placeLabels([{ text: 'e100', box: rect(0, 0, 20, 20) }], { ...options, width: 20, height: 20 });
    expect(cramped).toMatchObject({ scale: 1, padding: 1, position: 'fallback', rect: rect(0, 0, 25, 9) });
  });

  it('does not shrink below minFontScale', () => {
    const [label] = placeLabels([{ text: 'e1', box: rect(0, 0, 20, 20) }], { ...options, width: 20, height: 20, minFontScale: 2 });
    expect(label).toMatchObject({ scale: 2, position: 'fallback' });
  });
});
