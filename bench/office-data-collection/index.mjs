// DATA_COLLECTION per LinuxAgent step in LibreOffice Writer and Calc with big documents open: a 20-page document
// and a sheet of 10,000 filled cells. The agent's three data-collection calls (capture_window_screenshot,
// get_app_window_controls_target_info, capture_annotated_screenshot) through an in-process Linux tool server: cold
// (first step) and warm (steady state: after a click in the document, as in a session) median/p90, with the parts.
// Writes bench/results/office-data-collection.json.
// Run: corepack pnpm --filter @ufo-ts/platform-linux build && node bench/office-data-collection/index.mjs
import { checkDesktopAvailability, findExecutable, startDesktop } from '@ufo-ts/platform-linux';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { step, toolsOn } from '../data-collection/linux-steps.mjs';
import { percentile, writeResult } from '../stats.mjs';

const N = Number(process.env.BENCH_N ?? 15);
/** Time between an action and the next step (far less than any model takes to reply). */
const THINK_MS = 500;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stat = (values) => ({
  n: values.length,
  median: Math.round(percentile(values, 50)),
  p90: Math.round(percentile(values, 90)),
  max: Math.round(Math.max(...values)),
});

if (!findExecutable('soffice') || !checkDesktopAvailability([]).available) {
  writeResult('office-data-collection', { skipped: 'LibreOffice (soffice) or the virtual desktop is not available' });
  process.exit(0);
}

/** The documents: a 20-page text (HTML → odt) and 1,000 rows × 10 columns of numbers (CSV → ods). */
function makeDocuments(dir) {
  const paragraph = (i) =>
    `<p>Paragraph ${i + 1}. ${'The quarterly report describes sales, costs and the plans for the next quarter in plain words. '.repeat(5)}</p>`;
  writeFileSync(join(dir, 'report.html'), `<html><body><h1>Annual report</h1>${Array.from({ length: 120 }, (_, i) => paragraph(i)).join('\n')}</body></html>`);
  const rows = Array.from({ length: 1000 }, (_, r) => Array.from({ length: 10 }, (_, c) => String(r * 10 + c)).join(','));
  writeFileSync(join(dir, 'numbers.csv'), rows.join('\n'));
  const profile = `file://${join(dir, 'profile')}`;
  // HTML is read by Writer's own HTML filter: the default one makes a Writer/Web document, which opens as "Untitled 1"
  for (const [file, to, infilter] of [
    ['report.html', 'odt:writer8', ['--infilter=HTML (StarWriter)']],
    ['numbers.csv', 'ods', []],
  ]) {
    const done = spawnSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', ...infilter, '--convert-to', to, '--outdir', dir, join(dir, file)], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (done.status !== 0) throw new Error(`soffice --convert-to ${to} failed: ${done.stderr}`);
  }
  return { writer: join(dir, 'report.odt'), calc: join(dir, 'numbers.ods') };
}

const dir = mkdtempSync(join(os.tmpdir(), 'ufo-office-bench-'));
const results = { apps: {} };
try {
  const docs = makeDocuments(dir);
  for (const [name, flag, file] of [
    ['writer-20-pages', '--writer', docs.writer],
    ['calc-10000-cells', '--calc', docs.calc],
  ]) {
    const desktop = await startDesktop();
    try {
      const frame = await desktop
        .launchApp('soffice', ['--norestore', '--nologo', flag, file])
        .waitForWindow({ title: file.split('/').pop(), timeoutMs: 120_000 });
      // the window is up: give the document a moment to lay out
      await sleep(3000);
      const tools = await toolsOn(desktop);
      try {
        await tools.run('select_application_window', { id: String(frame.windowId) }, 'action');
        const cold = await step(tools.run);
        const warm = [];
        for (let i = 0; i < N; i += 1) {
          // an action between steps, as in a session: a key that moves the caret (Writer) or the cell cursor (Calc)
          await tools.run('keyboard_input', { keys: i % 2 ? 'Up' : 'Down' }, 'action').catch(() => undefined);
          // the step starts once the app has drawn the action's effect, as in a session, where the model's reply
          // comes between them (an action returns when its effect first shows; LibreOffice then repaints for ~100 ms
          // more, and a screenshot taken meanwhile waits for the X server)
          await sleep(THINK_MS);
          warm.push(await step(tools.run));
        }
        const last = warm.at(-1).listing_result;
        results.apps[name] = {
          think_ms: THINK_MS,
          cold_ms: Math.round(cold.total),
          warm: stat(warm.map((s) => s.total)),
          parts_median: {
            screenshot: stat(warm.map((s) => s.screenshot)).median,
            listing: stat(warm.map((s) => s.listing)).median,
            annotated: stat(warm.map((s) => s.annotated)).median,
          },
          controls: last.controls.length,
          cells_listed: last.controls.filter((c) => c.type === 'table cell').length,
          paragraphs_listed: last.controls.filter((c) => c.type === 'paragraph').length,
          ...(last.notes ? { notes: last.notes } : {}),
        };
        process.stderr.write(
          `${name}: cold ${Math.round(cold.total)} ms, warm ${JSON.stringify(results.apps[name].warm)} parts ${JSON.stringify(results.apps[name].parts_median)}\n`,
        );
      } finally {
        await tools.close();
      }
    } finally {
      await desktop.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
results.targets = {
  'DATA_COLLECTION per step <= 200 ms median (Writer 20 pages, Calc 10,000 cells; warm)': Object.values(results.apps).every((a) => a.warm.median <= 200),
};
results.machine = { cpus: os.cpus().length, loadavg_at_end: os.loadavg().map((l) => Math.round(l * 100) / 100) };
process.stderr.write(`${JSON.stringify(results.targets)}\n`);
process.stderr.write(`wrote ${writeResult('office-data-collection', { n: N, ...results })}\n`);
