// Benchmark of @ufo-ts/imaging's set-of-marks annotation: a 1280x800 window screenshot with 100 marks (menu bar,
// toolbar of small buttons, a side list, a form grid, an open menu over the editor, a status bar), as the label
// layout alone, as drawing, as platform-linux's path (draw + PNG encode: target <= 40 ms median) and as
// platform-windows' path (PNG in, PNG out). Also 100 short menu rows, where every label must shrink, and the
// layout of 1000 marks 30 px square (no full-size label fits in them).
// Writes bench/results/imaging.json. Run: pnpm turbo run build --filter=@ufo-ts/imaging && node bench/imaging/index.mjs
import {
  annotateSetOfMarks,
  createImage,
  DISTINCT_MARK_PALETTE,
  drawSetOfMarks,
  encodePng,
  encodePngSync,
  fillRect,
  labelLayoutProblems,
  layoutSetOfMarks,
} from '@ufo-ts/imaging';
import { sample, summarize, writeResult } from '../stats.mjs';

const W = 1280;
const H = 800;
const N = Number(process.env.BENCH_N ?? 60);
const STYLE = { palette: DISTINCT_MARK_PALETTE, textColor: [255, 255, 255] };
const rect = (x, y, width, height) => ({ x, y, width, height });

/** 100 marks laid out like a busy application window (ids e0..e99). */
function windowMarks() {
  const marks = [{ label: 'e0', rect: rect(0, 0, W, H) }];
  const add = (r) => marks.push({ label: `e${marks.length}`, rect: r });
  for (let i = 0; i < 8; i += 1) add(rect(i * 48, 0, 48, 22)); // menu bar
  for (let i = 0; i < 20; i += 1) add(rect(i * 26, 24, 26, 26)); // toolbar of small buttons
  for (let i = 0; i < 16; i += 1) add(rect(0, 56 + i * 28, 200, 28)); // side list
  for (let i = 0; i < 28; i += 1) add(rect(220 + (i % 4) * 260, 70 + Math.floor(i / 4) * 60, i % 2 === 0 ? 240 : 60, 30)); // form
  add(rect(210, 500, 1060, 260)); // editor
  for (let i = 0; i < 14; i += 1) add(rect(208, 498 + i * 20, 240, 20)); // a menu open over the editor
  while (marks.length < 100) add(rect(220 + (marks.length % 6) * 176, 770, 176, 30)); // status bar
  return marks;
}

/** 100 menu rows 14 px high in four columns: no full-size label fits in a row. */
function shortRowMarks() {
  return Array.from({ length: 100 }, (_, i) => ({ label: `e${i}`, rect: rect(20 + Math.floor(i / 50) * 600, 20 + (i % 50) * 14, 280, 14) }));
}

/** A screenshot-like image: light background, white panels with dark "text" strokes (deterministic). */
function screenshot() {
  const image = createImage(W, H, [238, 238, 236]);
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const m of windowMarks().slice(1)) {
    fillRect(image, m.rect, [255, 255, 255]);
    for (let x = m.rect.x + 6; x < m.rect.x + m.rect.width - 6; x += 7) {
      if (next() < 0.7) fillRect(image, rect(x, m.rect.y + m.rect.height / 2 - 4, 5, 9), [40, 40, 40]);
    }
  }
  return image;
}

const image = screenshot();
const png = encodePngSync(image);
const marks = windowMarks();
const rows = shortRowMarks();
const problems = [...labelLayoutProblems(layoutSetOfMarks(marks, W, H, STYLE)), ...labelLayoutProblems(layoutSetOfMarks(rows, W, H, STYLE))];
if (problems.length > 0) throw new Error(`misleading labels in the bench layouts: ${problems.join('; ')}`);

const results = {};
const log = (key, value) => {
  results[key] = value;
  process.stderr.write(`${key}: median ${value.median} ms, p95 ${value.p95} ms (n=${value.n})\n`);
};
log('layout100MarksMs', summarize(await sample(() => layoutSetOfMarks(marks, W, H, STYLE), { n: N * 5, warmup: 20 })));
log('layout100ShortMenuRowsMs', summarize(await sample(() => layoutSetOfMarks(rows, W, H, STYLE), { n: N * 5, warmup: 20 })));
const grid = Array.from({ length: 1000 }, (_, i) => ({ label: `e${i}`, rect: rect((i % 40) * 32, Math.floor(i / 40) * 32, 30, 30) }));
log('layout1000SmallMarksMs', summarize(await sample(() => layoutSetOfMarks(grid, W, H, STYLE), { n: N, warmup: 5 })));
log('draw1280x800With100MarksMs', summarize(await sample(() => drawSetOfMarks(image, marks, STYLE), { n: N, warmup: 5 })));
log('annotatedScreenshot1280x800With100MarksMs', summarize(await sample(() => encodePng(drawSetOfMarks(image, marks, STYLE)), { n: N, warmup: 5 })));
log('annotatePng1280x800With100MarksMs', summarize(await sample(() => annotateSetOfMarks(png, marks, STYLE), { n: N, warmup: 5 })));

const file = writeResult('imaging', {
  target: { annotatedScreenshot1280x800With100MarksMs: 'median <= 40 ms (draw + PNG encode, platform-linux path)' },
  results,
});
console.log(JSON.stringify(results, null, 2));
console.log(`written ${file}`);
