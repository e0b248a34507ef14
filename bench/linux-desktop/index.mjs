// Benchmark of @ufo-ts/platform-linux on a real virtual desktop (Xvfb + AT-SPI2): control-tree capture
// (gnome-calculator, mousepad; with pyatspi in the same run for the ratio), click-to-visible-change latency,
// screenshot + PNG encode, window listing. Writes bench/results/linux-desktop.json.
// Run: corepack pnpm --filter @ufo-ts/platform-linux build && node bench/linux-desktop/index.mjs
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DesktopSession,
  XInput,
  captureScreen,
  checkDesktopAvailability,
  countNodes,
  findExecutable,
  encodePng,
  findNode,
  listClientWindows,
  readAccessibleTree,
  startDesktop,
} from '@ufo-ts/platform-linux';
import { sample, summarize, writeResult } from '../stats.mjs';
import { measureAgentSteps, measureListings, measureToolClicks } from './agent-steps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_N ?? 30);
const results = {};
const log = (key, value) => {
  results[key] = value;
  const { median, p95, n } = value ?? {};
  process.stderr.write(`${key}: ${median !== undefined ? `median ${median} ms, p95 ${p95} ms (n=${n})` : JSON.stringify(value)}\n`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(probe, timeoutMs = 5000) {
  const start = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - start;
    if (performance.now() - start > timeoutMs) throw new Error('timeout waiting for the effect');
  }
}

const availability = checkDesktopAvailability(['gnome-calculator', 'mousepad', 'galculator']);
if (!availability.available) {
  process.stderr.write(`skipped: ${availability.reason}\n`);
  writeResult('linux-desktop', { skipped: availability.reason });
  process.exit(0);
}

// 1. start and stop of the whole stack
{
  const start = [];
  const stop = [];
  for (let i = 0; i < 5; i += 1) {
    let t = performance.now();
    const d = await startDesktop();
    start.push(performance.now() - t);
    t = performance.now();
    const report = await d.stop();
    stop.push(performance.now() - t);
    if (report.leftovers.length) throw new Error(`leftover processes ${report.leftovers}`);
  }
  log('desktop.start', summarize(start));
  log('desktop.stop', summarize(stop));
}

/** The apps launched for the tree, listing and step measurements. */
let appNames = [];
const desktop = await startDesktop();
try {
  const atspi = await desktop.atspi();
  const x = await desktop.xDisplay();
  const apps = {};
  const launch = {};
  // the suite's other apps (GTK 4 editor, Qt editor) when installed
  const extraApps = ['gnome-text-editor', 'featherpad'].filter((app) => findExecutable(app));
  for (const name of ['gnome-calculator', 'mousepad', 'galculator', ...extraApps]) {
    const t = performance.now();
    const handle = desktop.launchApp(name);
    const frame = await handle.waitForFrame({ timeoutMs: 60_000 });
    launch[name] = Math.round(performance.now() - t);
    apps[name] = { frame, app: (await atspi.applications()).find((a) => a.pid === frame.pid) };
    await sleep(500);
  }
  log('launch.to_frame_ms', launch);
  appNames = Object.keys(apps);

  // 2. control-tree capture: the full application tree with extents of what is on screen
  const tree = {};
  const treeApps = ['gnome-calculator', 'mousepad', 'galculator', ...extraApps];
  for (const name of treeApps) {
    const { app } = apps[name];
    let t = performance.now();
    atspi.calls = 0;
    const first = await readAccessibleTree(atspi, app);
    log(`tree.${name}.first_call`, { ms: Math.round(performance.now() - t), nodes: countNodes(first), dbus_calls: atspi.calls });
    atspi.calls = 0;
    const nodes = countNodes(await readAccessibleTree(atspi, app));
    const calls = atspi.calls;
    const s = summarize(await sample(() => readAccessibleTree(atspi, app), { n: N, warmup: 3 }));
    tree[name] = s.median;
    log(`tree.${name}`, { ...s, nodes, dbus_calls: calls });
  }

  // the same trees through pyatspi (libatspi), a persistent Python process, in the same run
  const py = '/usr/bin/python3';
  let pyOk = existsSync(py);
  if (pyOk) {
    const child = spawn(py, [join(here, 'pyatspi_tree.py')], { env: { ...desktop.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let buffer = '';
    const waiting = [];
    child.stdout.on('data', (d) => {
      buffer += d;
      let i;
      while ((i = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        waiting.shift()?.(JSON.parse(line));
      }
    });
    const ask = (name) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`pyatspi did not answer: ${stderr.slice(-300)}`)), 30_000);
        waiting.push((v) => {
          clearTimeout(timer);
          resolve(v);
        });
        child.stdin.write(`${name}\n`);
      });
    try {
      for (const name of treeApps) {
        const atspiName = apps[name].app?.name ?? name;
        const probe = await ask(atspiName);
        if (probe.error) throw new Error(probe.error);
        const s = summarize(await sample(() => ask(atspiName), { n: Math.min(N, 15), warmup: 2 }));
        log(`tree.${name}.pyatspi`, { ...s, nodes: probe.nodes });
        results[`tree.${name}.pyatspi_over_ours`] = Math.round((s.median / tree[name]) * 10) / 10;
      }
    } catch (error) {
      pyOk = false;
      results['tree.pyatspi'] = { error: String(error.message ?? error) };
      process.stderr.write(`pyatspi: ${error.message}\n`);
    } finally {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    }
  }

  // 3. tool-level listing (tree + selection + ids) as get_controls does it, for gnome-calculator
  const session = await DesktopSession.open({ display: desktop.display, sessionBusAddress: desktop.sessionBusAddress });
  await session.selectWindow(String(apps['gnome-calculator'].frame.windowId));
  log('controls.gnome-calculator.list', summarize(await sample(() => session.listControls(), { n: N, warmup: 3 })));

  // 4. click to visible change: galculator (GTK 3) and gnome-calculator (GTK 4)
  const input = await XInput.create(x);
  {
    await session.selectWindow(String(apps.galculator.frame.windowId));
    const gt = await readAccessibleTree(atspi, apps.galculator.app);
    const button = (label) => findNode(gt, (n) => n.role === 'toggle button' && n.name === label);
    const display = findNode(gt, (n) => n.role === 'text' && n.states.includes('showing'));
    const read = async () => (await atspi.text(display)).trim();
    const reset = async () => {
      await atspi.doAction(button('AC'), 0);
      await until(async () => (await read()) === '0');
      await sleep(150);
    };
    const centre = (n) => ({ x: Math.round(n.extents.x + n.extents.width / 2), y: Math.round(n.extents.y + n.extents.height / 2) });
    const action = [];
    const pointer = [];
    for (let i = 0; i < N; i += 1) {
      await reset();
      const t = performance.now();
      await atspi.doAction(button('7'), 0);
      await until(async () => (await read()) === '7');
      action.push(performance.now() - t);
      await reset();
      const c = centre(button('8'));
      const t2 = performance.now();
      await input.click(c.x, c.y);
      await until(async () => (await read()) === '8');
      pointer.push(performance.now() - t2);
    }
    log('click.galculator.action_to_display', summarize(action));
    log('click.galculator.xtest_to_display', summarize(pointer));
  }
  {
    await session.selectWindow(String(apps['gnome-calculator'].frame.windowId));
    const gt = await readAccessibleTree(atspi, apps['gnome-calculator'].app);
    const seven = findNode(gt, (n) => n.role === 'push button' && n.name === '7 7');
    const display = findNode(gt, (n) => n.role === 'text' && n.name === 'GtkSourceView');
    const read = () => atspi.text(display);
    const centre = { x: Math.round(seven.extents.x + seven.extents.width / 2), y: Math.round(seven.extents.y + seven.extents.height / 2) };
    const action = [];
    const pointer = [];
    const key = [];
    for (let i = 0; i < Math.min(N, 20); i += 1) {
      let before = await read();
      let t = performance.now();
      await atspi.doAction(seven, 0);
      await until(async () => (await read()) !== before);
      action.push(performance.now() - t);
      await sleep(100);
      before = await read();
      t = performance.now();
      await input.click(centre.x, centre.y);
      await until(async () => (await read()) !== before);
      pointer.push(performance.now() - t);
      await sleep(100);
      before = await read();
      t = performance.now();
      await input.type('1');
      await until(async () => (await read()) !== before);
      key.push(performance.now() - t);
      await sleep(50);
    }
    log('click.gnome-calculator.action_to_text', summarize(action));
    log('click.gnome-calculator.xtest_to_text', summarize(pointer));
    log('key.gnome-calculator.xtest_to_text', summarize(key));
  }

  // 5. screenshot + PNG encode (full screen 1280x800), and a window
  {
    let size = 0;
    const s = summarize(
      await sample(
        async () => {
          const png = await encodePng(await captureScreen(x));
          size = png.length;
        },
        { n: N, warmup: 3 },
      ),
    );
    log('screenshot.full_screen_png', { ...s, bytes: size, width: x.width, height: x.height });
    log('screenshot.capture_only', summarize(await sample(() => captureScreen(x), { n: N, warmup: 3 })));
  }

  // 6. window listing: X11 only, and joined with the accessibility bus (what list_windows returns)
  log('windows.x11', summarize(await sample(() => listClientWindows(x), { n: N * 2, warmup: 5 })));
  log('windows.list_windows', summarize(await sample(() => session.listWindows(), { n: N, warmup: 3 })));
  session.close();

  // 7. the tools as a model uses them: click_input until its effect is confirmed, listings, and the LinuxAgent's
  // per-phase step timings on each app
  const windowIds = Object.fromEntries(Object.entries(apps).map(([name, { frame }]) => [name, frame.windowId]));
  for (const [key, value] of Object.entries(await measureToolClicks(desktop, windowIds, Math.min(N, 20)))) log(key, value);
  for (const [key, value] of Object.entries(await measureListings(desktop, windowIds, Math.min(N, 20)))) log(key, value);
  for (const [key, value] of Object.entries(await measureAgentSteps(desktop, windowIds, Math.min(N, 10)))) log(key, value);
} finally {
  const report = await desktop.stop();
  if (report.leftovers.length) process.stderr.write(`leftover processes: ${report.leftovers}\n`);
}

const targets = {
  'gnome-calculator tree <= 25 ms median': results['tree.gnome-calculator'].median <= 25,
  'tree reads >= 5x faster than pyatspi (every app)': Object.keys(results).some((k) => k.endsWith('.pyatspi_over_ours'))
    ? Object.entries(results)
        .filter(([k]) => k.endsWith('.pyatspi_over_ours'))
        .every(([, ratio]) => ratio >= 5)
    : null,
  'click to effect <= 10 ms (galculator, AT-SPI action)': results['click.galculator.action_to_display'].median <= 10,
  'click to effect <= 10 ms (galculator, XTEST click)': results['click.galculator.xtest_to_display'].median <= 10,
  'full-screen PNG <= 40 ms': results['screenshot.full_screen_png'].median <= 40,
  'click_input to confirmed effect <= 30 ms (galculator)': results['tool.galculator.click_to_confirmed_effect'].median <= 30,
  'click_input to confirmed effect <= 30 ms (gnome-calculator)': results['tool.gnome-calculator.click_to_confirmed_effect'].median <= 30,
  'control listing <= 30 ms (GTK apps)': appNames.filter((app) => app !== 'featherpad').every((app) => results[`listing.${app}`].median <= 30),
  'control listing <= 60 ms (Qt: featherpad)': appNames.includes('featherpad') ? results['listing.featherpad'].median <= 60 : null,
  'DATA_COLLECTION <= 100 ms per step (every app)': appNames.every((app) => results[`step.${app}.data_collection`].median <= 100),
};
process.stderr.write(`${JSON.stringify(targets, null, 1)}\n`);
const file = writeResult('linux-desktop', { n: N, results, targets });
process.stderr.write(`wrote ${file}\n`);
