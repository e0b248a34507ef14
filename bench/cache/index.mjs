// bench/cache: the action cache on the core task suite, on real apps under Xvfb.
// 1. First run: every task with an empty cache; the model is the reference player behind a local server speaking
//    OpenAI's Chat Completions wire format (the engine's OpenAI adapter talks to it over HTTP), answering after
//    LATENCY_MS (default 3000 ms: a hosted model's reply to a prompt with a screenshot takes seconds; the figure is
//    ours, not measured from a provider). Runs that pass their check are recorded.
// 2. Second run: the same tasks from the cache. Target: 0 model calls and at most 1/5 of the first run's wall time.
// 3. Perturbations: each task from a copy of the first run's cache on another desktop (screen size, GTK/Qt theme,
//    font scale) or with its controls in another order where the app lets them be reordered (zenity's form): pass
//    rate, model calls, healed steps (target: ≥ 90% pass, ≤ 1 model call per healed step).
// 4. Injected changes (bench/cache/variants.mjs: a control renamed, a dialog added, a button disabled), replayed
//    from the first run's cache with healing off: each must stop with a typed reason; every cached action the
//    replays sent is checked against the recorded run's (bench/cache/audit.mjs): 0 wrong actions.
// Writes bench/results/cache.json. Run: pnpm build && node bench/cache/index.mjs  (BENCH_TASKS=id,id to choose)
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { createOpenAIModel } from '@ufo-ts/llm-providers';
import { openAIChatCompletionBody } from '@ufo-ts/llm-providers/testing';
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { ActionCache, FileActionCacheStore } from '@ufo-ts/sessions';
import { GroundedModel, missingPrograms, runSuite, TASKS } from '@ufo-ts/task-suite';
import { writeResult } from '../stats.mjs';
import { auditReplay, recordedActions } from './audit.mjs';
import { INJECTED, reorderedForm } from './variants.mjs';

const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3000);
const chosen = process.env.BENCH_TASKS?.split(',').filter(Boolean);
const PERTURBATIONS = [
  { name: 'screen 1024x768', desktop: { width: 1024, height: 768 } },
  { name: 'high-contrast theme (GTK HighContrast, Qt Windows style)', desktop: { env: { GTK_THEME: 'HighContrast', QT_STYLE_OVERRIDE: 'Windows' } } },
  { name: 'font scale 1.25 (GDK_DPI_SCALE, QT_FONT_DPI 120)', desktop: { env: { GDK_DPI_SCALE: '1.25', QT_FONT_DPI: '120' } } },
  // of the suite's apps only zenity's form lets its controls be reordered from outside (its command line)
  { name: 'reordered controls (zenity form fields in reverse order)', variants: { 'zenity-unnamed-form': reorderedForm } },
];

if (!checkDesktopAvailability([]).available) {
  writeResult('cache', { skipped: 'the virtual desktop is not available' });
  process.exit(0);
}
const tasks = TASKS.filter((t) => (!chosen || chosen.includes(t.id)) && missingPrograms(t).length === 0);

/** The reference players behind one OpenAI-wire server: `/task/<n>/v1/chat/completions` is player n. */
const players = new Map();
let served = 0;
const server = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', async () => {
    const match = /^\/task\/(\d+)\/v1\/chat\/completions$/.exec(req.url ?? '');
    const player = match && players.get(Number(match[1]));
    if (!player) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no player at ${req.url}`, type: 'not_found' } }));
      return;
    }
    served += 1;
    const body = JSON.parse(text);
    const started = Date.now();
    let reply;
    try {
      reply = await player.complete({ messages: body.messages.map(fromWire) });
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
      return;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, LATENCY_MS - (Date.now() - started))));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(openAIChatCompletionBody({ content: reply.content })));
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

/** An OpenAI-wire message as the engine's messages (text parts kept, images as data URLs). */
function fromWire(message) {
  if (typeof message.content === 'string' || message.content == null) return { role: message.role, content: message.content ?? '' };
  return {
    role: message.role,
    content: message.content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image', image: p.image_url?.url ?? '' })),
  };
}

let next = 0;
/** Each task run: a fresh reference player behind the server, reached through the engine's OpenAI adapter. */
const model = (task, ctx) => {
  const id = (next += 1);
  players.set(id, new GroundedModel({ steps: task.solution(ctx), label: task.id }));
  return createOpenAIModel({ apiKey: 'bench', baseUrl: `${base}/task/${id}/v1`, model: 'gpt-4o' });
};

/**
 * One pass over the tasks with the cache in `cacheDir`. `variants`: only these tasks, each changed by its function;
 * `heal: false`: replay only (a step the cache cannot take ends the run with a typed reason); `logRoot`: keep logs.
 */
async function phase(name, cacheDir, { desktop, variants, heal, logRoot } = {}) {
  const before = served;
  const started = performance.now();
  const chosenTasks = variants ? tasks.filter((t) => variants[t.id]).map((t) => variants[t.id](t)) : tasks;
  const results = await runSuite({
    tasks: chosenTasks,
    model,
    cache: new ActionCache({ store: new FileActionCacheStore(cacheDir), ...(heal === false ? { heal: false } : {}) }),
    ...(desktop ? { desktop } : {}),
    ...(logRoot ? { logRoot } : {}),
    onResult: (r) =>
      process.stdout.write(
        `${name}: ${r.passed ? 'pass' : 'FAIL'} ${r.id} (${(r.ms / 1000).toFixed(1)} s, cache ${r.cache?.outcome ?? '-'}, ${r.modelCalls} model calls)${r.passed ? '' : `: ${r.error ?? r.detail}`}\n`,
      ),
  });
  const wallMs = Math.round(performance.now() - started);
  const healed = results.reduce((n, r) => n + (r.cache?.healed ?? 0), 0);
  const modelCalls = results.reduce((n, r) => n + r.modelCalls, 0);
  return {
    name,
    wallMs,
    passed: results.filter((r) => r.passed).length,
    tasks: results.length,
    passRate: results.length ? results.filter((r) => r.passed).length / results.length : 0,
    modelCalls,
    serverRequests: served - before,
    healedSteps: healed,
    modelCallsPerHealedStep: healed ? modelCalls / healed : 0,
    runs: results.map((r) => ({
      id: r.id,
      passed: r.passed,
      ms: r.ms,
      steps: r.steps,
      modelCalls: r.modelCalls,
      cache: r.cache ?? null,
      ...(r.passed ? {} : { detail: r.error ?? r.detail }),
      ...(logRoot ? { logFolder: r.logFolder } : {}),
    })),
  };
}

/** Each injected change replayed from a copy of the pristine cache with healing off, audited against the recorded run. */
async function injectedChanges(root, pristine, recordedLogs) {
  const out = [];
  for (const [i, injection] of INJECTED.entries()) {
    if (!tasks.some((t) => t.id === injection.task)) continue;
    const dir = join(root, `injected${i}`);
    cpSync(pristine, dir, { recursive: true });
    const result = await phase(injection.name, dir, {
      variants: { [injection.task]: injection.variant },
      heal: false,
      logRoot: join(root, `injected${i}-logs`),
    });
    const run = result.runs[0];
    const audit = auditReplay(recordedActions(join(recordedLogs, injection.task)), run.logFolder);
    const typed = /ACTION_CACHE_DIVERGED/.test(run.detail ?? '')
      ? (/\((TARGET_NOT_FOUND|TARGET_AMBIGUOUS|EFFECT_NOT_SEEN|EFFECT_DIFFERS|WRONG_TARGET|STEP_FAILED|LISTING_FAILED)\)/.exec(run.detail)?.[1] ??
        'ACTION_CACHE_DIVERGED')
      : undefined;
    out.push({
      name: injection.name,
      task: injection.task,
      passed: run.passed,
      modelCalls: run.modelCalls,
      stoppedWithTypedReason: typed ?? null,
      cachedActionsChecked: audit.checked,
      wrongActions: audit.wrong,
      silentWrongOutcome: !run.passed && !typed,
      detail: run.detail ?? null,
    });
    process.stdout.write(
      `injected: ${injection.name}: ${run.passed ? 'passed' : `stopped (${typed ?? 'no typed reason'})`}, ${audit.checked} cached actions checked, ${audit.wrong.length} wrong\n`,
    );
  }
  return out;
}

const root = mkdtempSync(join(os.tmpdir(), 'ufo-bench-cache-'));
try {
  const cacheDir = join(root, 'cache');
  const recordedLogs = join(root, 'first-logs');
  const first = await phase('first run', cacheDir, { logRoot: recordedLogs });
  const pristine = join(root, 'pristine');
  cpSync(cacheDir, pristine, { recursive: true });
  const second = await phase('second run', cacheDir);
  const perturbations = [];
  for (const p of PERTURBATIONS) {
    const dir = join(root, `p${perturbations.length}`);
    cpSync(pristine, dir, { recursive: true });
    perturbations.push({ ...(await phase(p.name, dir, p)), ...(p.desktop ? { desktop: p.desktop } : {}) });
  }
  const injected = await injectedChanges(root, pristine, recordedLogs);
  const ratio = first.wallMs ? second.wallMs / first.wallMs : 0;
  writeResult('cache', {
    latencyMs: LATENCY_MS,
    model: `reference player behind a local OpenAI Chat Completions server (engine's OpenAI adapter over HTTP), ${LATENCY_MS} ms a reply`,
    machine: { cpus: os.cpus().length, load1: os.loadavg()[0] },
    first,
    second,
    secondToFirstWallTime: Math.round(ratio * 1000) / 1000,
    targets: {
      secondRunModelCalls: { target: 0, measured: second.modelCalls, met: second.modelCalls === 0 && second.serverRequests === 0 },
      secondRunWallTime: { target: '≤ 0.2 of the first run', measured: Math.round(ratio * 1000) / 1000, met: ratio <= 0.2 },
      perturbedPassRate: perturbations.map((p) => ({ name: p.name, passRate: p.passRate, met: p.passRate >= 0.9 })),
      modelCallsPerHealedStep: perturbations.map((p) => ({
        name: p.name,
        healedSteps: p.healedSteps,
        modelCalls: p.modelCalls,
        met: p.healedSteps === 0 ? p.modelCalls === 0 : p.modelCalls <= p.healedSteps,
      })),
      injectedChanges: {
        target: '0 wrong actions; each change healed or stopped with a typed reason',
        wrongActions: injected.reduce((n, r) => n + r.wrongActions.length, 0),
        met: injected.every((r) => r.wrongActions.length === 0 && (r.passed || r.stoppedWithTypedReason !== null)),
      },
    },
    perturbations,
    injected,
  });
} finally {
  server.close();
  rmSync(root, { recursive: true, force: true });
}
