// Benchmark of @ufo-ts/ocr on real apps of a virtual desktop (Xvfb, 1280×800): for each app, text boxes known from
// outside the image (accessibility tree, Tk geometry, X button windows; see scenes.mjs) and the regions each engine
// reads (see engines.mjs). A target is found when a region's box has IoU ≥ 0.5 with it and the text matches (case
// aside, one edit allowed in words of 5+ characters). Times are per screenshot: `cold` with an empty crop cache and
// 600 ms between reads (an agent's steps are further apart; the warm processes are ready), the engines taking turns
// read by read, `back_to_back` cold reads
// with no pause, `warm` a second read of an unchanged screen (crop cache on). Writes bench/results/ocr.json.
// `cpu_ms_per_read` is the CPU time of a read (this process and the Tesseract processes it used, model loading
// included), a cost that hardly depends on other load; `load_average_1m` says how busy the machine was.
// `tesseract-cli-glyph-check` is the shipped engine with reads asking for `checkSingleGlyphs` (the cost and effect of that check).
// `wrong_reads`: targets with a region at their place (IoU ≥ 0.5) that reads another text (worse than a miss).
// Run: pnpm --filter @ufo-ts/ocr build && node bench/ocr/index.mjs   (BENCH_N=7 reads per app and engine)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { XInput, checkDesktopAvailability, findExecutable, startDesktop } from '@ufo-ts/platform-linux';
import { percentile, writeResult } from '../stats.mjs';
import { createTesseractJsRecognizer, createTesseractRecognizer, createWholePageRecognizer } from './engines.mjs';
import { scoreTargets, scoreTexts } from './matching.mjs';
import { SCENES, screenshot } from './scenes.mjs';

const N = Number(process.env.BENCH_N ?? 7);
const PAUSE_MS = 600;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v) => Math.round(v * 10) / 10;
const median = (xs) => round(percentile(xs, 50));

/**
 * CPU milliseconds used so far by this process and its finished children (the Tesseract processes, counted when
 * they exit, model loading included): a cost that, unlike wall time, hardly depends on other load on the machine.
 */
function cpuMs() {
  const own = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, 100 ticks a second
  return (own.user + own.system) / 1000 + children;
}

const apps = ['galculator', 'zenity', 'mousepad', 'gnumeric', 'xcalc', 'wish'];
const availability = checkDesktopAvailability(apps);
if (!availability.available || !findExecutable('tesseract')) {
  const reason = availability.available ? 'tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)' : availability.reason;
  process.stderr.write(`skipped: ${reason}\n`);
  writeResult('ocr', { skipped: reason });
  process.exit(0);
}

// 1. the screens, captured once each, with their targets
const desktop = await startDesktop();
const ctx = { desktop };
const screens = [];
try {
  const input = await XInput.create(await desktop.xDisplay());
  for (const scene of SCENES) {
    const s = await scene.setup(ctx);
    await input.move(desktop.width - 1, desktop.height - 1); // no tooltip
    await sleep(1500);
    const image = await screenshot(ctx);
    screens.push({ name: scene.name, image, targets: await s.targets(image), cellTexts: s.cellTexts });
    await s.stop();
    await sleep(300);
    process.stderr.write(`${scene.name}: ${screens.at(-1).targets.length} targets\n`);
  }
} finally {
  await desktop.stop();
}

// 2. each engine reads each screen; the engines take turns read by read, so a change of load on the machine weighs
// on all of them alike
async function measureAll(contenders) {
  const results = {};
  for (const { key, cold } of contenders) results[key] = { engine: cold.name, per_app: {}, all: [], found: 0, wrong: 0, targets: 0 };
  for (const screen of screens) {
    const samples = Object.fromEntries(contenders.map(({ key }) => [key, { cold: [], cpu: [], load: [], regions: [] }]));
    for (let i = 0; i < N; i += 1) {
      for (const { key, cold } of contenders) {
        await sleep(PAUSE_MS);
        const s = samples[key];
        s.load.push(loadavg()[0]);
        const c = cpuMs();
        const t = performance.now();
        s.regions = await cold.recognize(screen.image);
        s.cold.push(performance.now() - t);
        await sleep(50); // the finished Tesseract processes are reaped
        s.cpu.push(cpuMs() - c);
      }
    }
    for (const { key, cold, warm } of contenders) {
      const s = samples[key];
      const b2b = [];
      if (warm) {
        for (let i = 0; i < 3; i += 1) {
          const t = performance.now();
          await cold.recognize(screen.image);
          b2b.push(performance.now() - t);
        }
      }
      const warmMs = [];
      if (warm) {
        await sleep(PAUSE_MS);
        await warm.recognize(screen.image);
        for (let i = 0; i < 3; i += 1) {
          await sleep(PAUSE_MS);
          const t = performance.now();
          await warm.recognize(screen.image);
          warmMs.push(performance.now() - t);
        }
      }
      const scored = scoreTargets(screen.targets, s.regions);
      const hits = scored.filter((x) => x.found).length;
      const wrong = scored.filter((x) => x.wrong_read !== undefined);
      const r = results[key];
      r.found += hits;
      r.wrong += wrong.length;
      r.targets += scored.length;
      r.all.push(...s.cold);
      const cells = screen.cellTexts ? scoreTexts(screen.cellTexts, s.regions) : undefined;
      r.per_app[screen.name] = {
        targets: scored.length,
        found: hits,
        recall: round((hits / scored.length) * 100),
        wrong_reads: wrong.length,
        wrong_read_texts: wrong.map((x) => `${x.text} -> ${x.wrong_read}`),
        cold_ms: { median: median(s.cold), p90: round(percentile(s.cold, 90)), n: s.cold.length },
        cpu_ms_per_read: median(s.cpu),
        load_average_1m: median(s.load),
        ...(b2b.length ? { back_to_back_ms: { median: median(b2b), n: b2b.length } } : {}),
        ...(warmMs.length ? { warm_ms: { median: median(warmMs), n: warmMs.length } } : {}),
        regions: s.regions.length,
        missed: scored.filter((x) => !x.found),
        ...(cells
          ? { cell_texts: { total: cells.length, found: cells.filter((c) => c.found).length, missed: cells.filter((c) => !c.found).map((c) => c.text) } }
          : {}),
      };
      process.stderr.write(
        `  ${key} ${screen.name}: ${hits}/${scored.length}, ${wrong.length} wrong, cold median ${median(s.cold)} ms (cpu ${median(s.cpu)} ms, load ${median(s.load)})${warmMs.length ? `, back to back ${median(b2b)} ms, warm ${median(warmMs)} ms` : ''}\n`,
      );
    }
  }
  const engines = {};
  for (const [key, r] of Object.entries(results)) {
    const apps = Object.values(r.per_app);
    engines[key] = {
      engine: r.engine,
      recall: round((r.found / r.targets) * 100),
      found: r.found,
      wrong_reads: r.wrong,
      targets: r.targets,
      cold_ms: {
        median_of_app_medians: median(apps.map((a) => a.cold_ms.median)),
        median: median(r.all),
        p90: round(percentile(r.all, 90)),
        max: round(Math.max(...r.all)),
      },
      cpu_ms_per_read_median_of_apps: median(apps.map((a) => a.cpu_ms_per_read)),
      per_app: r.per_app,
    };
  }
  return engines;
}

const contenders = [{ key: 'tesseract-cli', cold: await createTesseractRecognizer({ cacheSize: 0 }), warm: await createTesseractRecognizer() }];
// the same asking for the second, single-character read of one-glyph crops (what the Linux platform asks for on
// windows with no accessibility tree): what that check costs and what it drops
const checking = await createTesseractRecognizer({ cacheSize: 0 });
contenders.push({
  key: 'tesseract-cli-glyph-check',
  cold: { name: checking.name, recognize: (image) => checking.recognize(image, { checkSingleGlyphs: true }), close: () => checking.close() },
});
const wasm = await createTesseractJsRecognizer({ cacheSize: 0 });
if (wasm) contenders.push({ key: 'tesseract.js', cold: wasm });
contenders.push({ key: 'tesseract-cli-whole-page', cold: createWholePageRecognizer() });
const engines = await measureAll(contenders);
if (!wasm) engines['tesseract.js'] = { skipped: 'tesseract.js is not installed' };
for (const c of contenders) {
  await c.cold.close();
  await c.warm?.close();
}

const chosen = engines['tesseract-cli'];
const file = writeResult('ocr', {
  screen: { width: screens[0].image.width, height: screens[0].image.height },
  reads_per_app: N,
  pause_between_reads_ms: PAUSE_MS,
  chosen_engine: 'tesseract-cli',
  load_average_1m_median: median(Object.values(chosen.per_app).map((a) => a.load_average_1m)),
  done_when: {
    recall_at_least_90: chosen.recall >= 90,
    median_ms_at_most_300: chosen.cold_ms.median_of_app_medians <= 300,
  },
  engines,
});
process.stderr.write(`wrote ${file}\n`);
for (const [name, e] of Object.entries(engines))
  if (!e.skipped)
    process.stderr.write(
      `${name}: recall ${e.recall}% (${e.found}/${e.targets}), ${e.wrong_reads} wrong reads, cold median of apps ${e.cold_ms.median_of_app_medians} ms (p90 ${e.cold_ms.p90}), cpu ${e.cpu_ms_per_read_median_of_apps} ms\n`,
    );
