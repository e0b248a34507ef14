// DATA_COLLECTION per LinuxAgent step on real apps: the data-collection tool calls the agent makes each step
// (capture_window_screenshot, get_app_window_controls_target_info, capture_annotated_screenshot) through an
// in-process Linux tool server, per app: cold (first step) and warm (steady state) median/p90, with the parts, the
// tree's node count, and the same steps with the previous way of reading ("full": the whole tree every time, hidden
// parts and up to 500 rows per list included, no cache, no budget; the lighter window checks apply to both).
// Writes bench/results/data-collection.json (BENCH_TAG=run2 writes data-collection.run2.json).
// Run: corepack pnpm --filter @ufo-ts/platform-linux build && node bench/data-collection/index.mjs
import { checkDesktopAvailability, countNodes, findExecutable, readAccessibleTree, startDesktop } from '@ufo-ts/platform-linux';
import os from 'node:os';
import { percentile, writeResult } from '../stats.mjs';
import { step, toolsOn } from './linux-steps.mjs';

const N = Number(process.env.BENCH_N ?? 15);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const BIG_ROWS = 1600;
const rows = Array.from({ length: BIG_ROWS }, (_, i) => [`item ${i}`, String(i * 3)]).flat();

/** The suite's apps: [name, command, args]. `zenity-list` is the big tree (3,200 cells). */
const APPS = [
  ['galculator', 'galculator', []],
  ['gnome-calculator', 'gnome-calculator', []],
  ['mousepad', 'mousepad', []],
  ['zenity-form', 'zenity', ['--forms', '--title=Form', '--add-entry=Name', '--add-entry=Email', '--add-password=Password', '--add-calendar=Date']],
  ['featherpad', 'featherpad', []],
  ['gnome-text-editor', 'gnome-text-editor', []],
  [`zenity-list`, 'zenity', ['--list', '--title=Big list', '--column=Name', '--column=Price', '--width=600', '--height=500', ...rows]],
].filter(([, command]) => findExecutable(command));

const availability = checkDesktopAvailability(['galculator']);
if (!availability.available) {
  writeResult('data-collection', { skipped: availability.reason });
  process.exit(0);
}

const stat = (values) => ({
  n: values.length,
  median: Math.round(percentile(values, 50) * 10) / 10,
  p90: Math.round(percentile(values, 90) * 10) / 10,
  max: Math.round(Math.max(...values) * 10) / 10,
});

const results = { apps: {} };
const desktop = await startDesktop();
try {
  const atspi = await desktop.atspi();
  const windows = {};
  for (const [name, command, args] of APPS) {
    const frame = await desktop.launchApp(command, args).waitForFrame({ timeoutMs: 60_000 });
    await sleep(800);
    const app = (await atspi.applications()).find((a) => a.pid === frame.pid);
    // the whole tree as the application exposes it (every row, hidden parts too), for the node count
    const all = await readAccessibleTree(atspi, app, { extents: false, onScreenOnly: false, maxNodes: 1e9, maxChildrenPerContainer: 1e9 });
    windows[name] = { id: String(frame.windowId), nodes: countNodes(all) };
  }
  // full: the whole tree every time (no cache, no budget, every row); new: the shipped tree reading with OCR off;
  // default: everything as shipped (OCR `auto`: only large parts of the window no listed control covers are read)
  const modes = [
    ['full', { cache: false, onScreenOnly: false, maxNodes: 1e9 }, 'off'],
    ['new', {}, 'off'],
    ['default', {}, 'auto'],
  ];
  for (const [mode, treeReading, ocrMode] of modes) {
    const tools = await toolsOn(desktop, { ocr: { mode: ocrMode }, treeReading });
    try {
      for (const [name] of APPS) {
        await tools.run('select_application_window', { id: windows[name].id }, 'action');
        const cold = await step(tools.run);
        const warm = [];
        for (let i = 0; i < N; i += 1) warm.push(await step(tools.run));
        const entry = (results.apps[name] ??= { nodes: windows[name].nodes });
        entry[mode] = {
          cold_ms: Math.round(cold.total),
          warm: stat(warm.map((s) => s.total)),
          parts_median: {
            screenshot: stat(warm.map((s) => s.screenshot)).median,
            listing: stat(warm.map((s) => s.listing)).median,
            annotated: stat(warm.map((s) => s.annotated)).median,
          },
          listing: stat(warm.map((s) => s.listing)),
          controls: warm.at(-1).controls,
          ...(warm.at(-1).notes.length ? { notes: warm.at(-1).notes } : {}),
        };
        process.stderr.write(
          `${mode} ${name} (${windows[name].nodes} nodes): cold ${Math.round(cold.total)} ms, warm ${JSON.stringify(entry[mode].warm)} parts ${JSON.stringify(entry[mode].parts_median)}\n`,
        );
      }
    } finally {
      await tools.close();
    }
  }
} finally {
  await desktop.stop();
}

results.app_commands = Object.fromEntries(
  APPS.map(([name, command, args]) => [name, [command, ...(args.length > 8 ? [...args.slice(0, 6), `… ${BIG_ROWS} rows of 2 columns`] : args)].join(' ')]),
);
const big = Object.entries(results.apps)
  .filter(([, a]) => a.nodes >= 3000)
  .map(([name]) => name);
results.big_tree_apps = big;
results.qt_listing = results.apps.featherpad?.new?.listing ?? null;
results.targets = {
  'DATA_COLLECTION per step <= 150 ms median (every app, warm)': Object.values(results.apps).every((a) => a.new.warm.median <= 150),
  'the same with OCR auto (the default)': Object.values(results.apps).every((a) => a.default.warm.median <= 150),
  'an app with >= 3,000 nodes in the suite': big.length > 0,
  'Qt listing <= 100 ms (featherpad)': results.qt_listing ? results.qt_listing.median <= 100 : null,
};
results.machine = { cpus: os.cpus().length, loadavg_at_end: os.loadavg().map((l) => Math.round(l * 100) / 100) };
process.stderr.write(`${JSON.stringify(results.targets, null, 1)}\n`);
const file = writeResult(process.env.BENCH_TAG ? `data-collection.${process.env.BENCH_TAG}` : 'data-collection', { n: N, ...results });
process.stderr.write(`wrote ${file}\n`);
