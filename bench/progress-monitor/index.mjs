// bench/progress-monitor: what the progress monitor (issue 25) costs per engine step; target: at most 1 ms.
// 1. Isolated: stepEvidence + assessProgress per step, as the ProgressCheck strategy calls them, over a history of
//    64 earlier steps and a listing of 60 controls (names, types, rects, states, shown text) and 3 windows; each
//    call timed on its own, many iterations, in `warn` and in `enforce` mode.
// 2. In engine steps: LinuxAgent sessions over an in-process MCP tool server (a 60-control form whose action tools
//    return platform-like results with `effect: { changed, changes }`), a scripted model whose actions mostly have
//    an effect and sometimes none (so the monitor warns now and then, and never stops), modes off / warn / enforce
//    (limits too high to stop) interleaved in rounds within one run; per round the median step time of each mode
//    (step-start → step-end), and the median over rounds of the paired differences on − off.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, ProgressSettingsSchema, Session, UfoError, assessProgress, stepEvidence } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { createLinuxAgent, toTargetInfo } from '@ufo-ts/processor-strategies';
import { z } from 'zod';
import { percentile, summarize, writeResult } from '../stats.mjs';

const ISOLATED_CALLS = Number(process.env.BENCH_PROGRESS_ISOLATED_CALLS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_PROGRESS_ROUNDS ?? 30);
const MEASURED_STEPS = Number(process.env.BENCH_PROGRESS_STEPS ?? 100);
// the first steps of a session are not measured: the history fills (up to 64) and the code warms up
const SKIPPED_STEPS = 20;
const SESSION_STEPS = SKIPPED_STEPS + MEASURED_STEPS;
const HISTORY = 64;
const TARGET_MS = 1;
const FAIL_BEYOND_MS = 3;
const MODES = ['off', 'warn', 'enforce'];
const HIGH_LIMITS = { repeated_no_effect: 1000, no_effect_streak: 1000, cycle: 1000, same_screen: 1000 };
const progressFor = (mode) => (mode === 'enforce' ? { mode, limits: HIGH_LIMITS } : { mode });

const loadAtStart = os.loadavg();
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * A settings form of 60 controls: 10 check boxes, 20 text fields, 20 "Action" buttons (each click counts up the
 * "Status" label), 5 labels with text, a "Help" button that does nothing, a disabled "Delete" button (its click
 * fails CONTROL_DISABLED, as platform-linux's does), two menus and "Close". Actions return what platform-linux's
 * return: `{ id, method, ..., effect: { changed, changes } }`.
 */
class FormApp {
  checked = Array(10).fill(false);
  fields = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? '' : `draft ${i + 1}`));
  applied = 0;

  controls() {
    const rect = (i) => [100 + (i % 4) * 200, 100 + Math.floor(i / 4) * 30, 280 + (i % 4) * 200, 124 + Math.floor(i / 4) * 30];
    const out = [];
    const add = (name, type, extra = {}) => {
      const i = out.length;
      out.push({ kind: 'control', id: `a${i + 1}`, name, type, rect: rect(i), ...extra });
    };
    for (let i = 0; i < 10; i += 1) add(`Option ${i + 1}`, 'check box', { states: ['focusable', ...(this.checked[i] ? ['checked'] : [])] });
    for (let i = 0; i < 20; i += 1)
      add('', 'text', { text: this.fields[i], states: ['editable', 'focusable'], label: `Field ${i + 1}`, label_source: 'labelled-by' });
    for (let i = 0; i < 20; i += 1) add(`Action ${i + 1}`, 'push button', { states: ['focusable'] });
    add('Status', 'label', { text: `Applied ${this.applied} changes` });
    for (let i = 0; i < 4; i += 1) add(`Hint ${i + 1}`, 'label', { text: `Hint number ${i + 1}: fill in the fields before applying.` });
    add('Help', 'push button', { states: ['focusable'] });
    add('Delete', 'push button', { states: ['disabled'] });
    add('File', 'menu', {});
    add('Edit', 'menu', {});
    add('Close', 'push button', { states: ['focusable'] });
    return out;
  }

  windows() {
    return [
      { kind: 'window', id: '0x3a00007', name: 'Settings', type: 'frame', root_name: 'settings' },
      { kind: 'window', id: '0x2c00003', name: 'Terminal', type: 'frame', root_name: 'gnome-terminal' },
      { kind: 'window', id: '0x1800001', name: 'Files', type: 'frame', root_name: 'nautilus' },
    ];
  }

  static #effect(changed, changes) {
    return { changed, changes: changed ? changes : ['no visible change within 400 ms (60 controls and 3 windows are unchanged)'] };
  }

  click(id) {
    const n = Number(id.slice(1));
    const base = { id, method: 'pointer', x: 190, y: 112 };
    if (n >= 1 && n <= 10) {
      this.checked[n - 1] = !this.checked[n - 1];
      return { ...base, effect: FormApp.#effect(true, [`${id} states changed: ${this.checked[n - 1] ? '+' : '-'}checked`]) };
    }
    if (n >= 31 && n <= 50) {
      this.applied += 1;
      return { ...base, effect: FormApp.#effect(true, ['a51 text changed']) };
    }
    if (n === 57) throw new UfoError('CONTROL_DISABLED', 'control a57 (push button "Delete") stayed disabled');
    if (n < 1 || n > 60) throw new UfoError('CONTROL_NOT_FOUND', `no control ${id}`);
    return { ...base, effect: FormApp.#effect(false, []) };
  }

  type(id, text) {
    const n = Number(id.slice(1));
    if (n >= 11 && n <= 30) {
      const changed = this.fields[n - 11] !== text;
      this.fields[n - 11] = text;
      return { id, method: 'editable_text', text, effect: FormApp.#effect(changed, [`${id} text changed`]) };
    }
    return { id, method: 'typing', text, effect: FormApp.#effect(false, []) };
  }

  dispatcher() {
    const servers = {
      data_collection: [{ namespace: 'form', transport: 'in-process', factory: 'form' }],
      action: [{ namespace: 'form', transport: 'in-process', factory: 'form' }],
    };
    return new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { form: () => this.#server() } });
  }

  #server() {
    const shot = (name) =>
      defineTool({ name, description: 'Screenshot.', toolType: 'data_collection', input: z.object({}), handler: () => ({ image: PNG, width: 1, height: 1 }) });
    return createToolServer({
      name: 'form-app',
      tools: [
        shot('capture_desktop_screenshot'),
        shot('capture_window_screenshot'),
        shot('capture_annotated_screenshot'),
        defineTool({
          name: 'get_desktop_app_target_info',
          description: 'Windows.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => ({ windows: this.windows() }),
        }),
        defineTool({
          name: 'get_app_window_controls_target_info',
          description: 'Controls.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => ({ controls: this.controls() }),
        }),
        defineTool({
          name: 'click_input',
          description: 'Click a control by id.',
          input: z.object({ id: z.string(), name: z.string().default('') }),
          handler: ({ id }) => this.click(id),
        }),
        defineTool({
          name: 'type_text',
          description: 'Type into a control.',
          input: z.object({ id: z.string(), text: z.string() }),
          handler: ({ id, text }) => this.type(id, text),
        }),
      ],
    });
  }
}

/**
 * The scripted model's action at step i, in periods of 20: two clicks on "Help" in a row (no effect: a warning,
 * then "the same action had no effect 2 times"), one click on the disabled "Delete" (failed), the other 17 toggle
 * a check box, press an "Action" button or type a new value into a field (an effect each).
 */
function scriptedAction(i) {
  const k = i % 20;
  if (k === 5 || k === 6) return { function: 'click_input', arguments: { id: 'a56', name: 'Help' } };
  if (k === 13) return { function: 'click_input', arguments: { id: 'a57', name: 'Delete' } };
  if (i % 3 === 0) return { function: 'click_input', arguments: { id: `a${1 + (i % 10)}`, name: `Option ${1 + (i % 10)}` } };
  if (i % 3 === 1) return { function: 'click_input', arguments: { id: `a${31 + (i % 20)}`, name: `Action ${1 + (i % 20)}` } };
  return { function: 'type_text', arguments: { id: `a${11 + (i % 20)}`, text: `value ${i}` } };
}
const STALLED_PER_20 = 3;

// ---- 1. isolated: stepEvidence + assessProgress per call
/** The step's observation as the strategy sees it: the listing (as TargetInfo) before the action, the action's record. */
function observe(app, i) {
  const controls = app.controls().map((raw, n) => toTargetInfo(raw, 'control', n));
  const windows = app.windows().map((raw, n) => toTargetInfo(raw, 'window', n));
  const action = scriptedAction(i);
  let result;
  try {
    const value = action.function === 'click_input' ? app.click(action.arguments.id) : app.type(action.arguments.id, action.arguments.text);
    result = { status: 'success', result: value, namespace: 'form', call_id: `c${i}`, duration_ms: 1 };
  } catch (error) {
    result = { status: 'failure', error: `${error.code}: ${error.message}`, code: error.code, namespace: 'form', call_id: `c${i}`, duration_ms: 1 };
  }
  const representation = `${action.function}(${Object.entries(action.arguments)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ')})`;
  return { step: i, actions: [{ ...action, status: 'CONTINUE', result, representation }], controls, windows };
}

function isolated(mode) {
  const settings = ProgressSettingsSchema.parse(progressFor(mode));
  const app = new FormApp();
  const history = [];
  const evidenceMs = [];
  const assessMs = [];
  const totalMs = [];
  const totalWithFinding = [];
  const totalWithout = [];
  let findings = 0;
  const warmup = 2000;
  for (let i = 0; i < warmup + ISOLATED_CALLS; i += 1) {
    const observation = observe(app, i); // not timed: the listing is the data-collection phase's
    const t0 = performance.now();
    const evidence = stepEvidence(observation);
    const t1 = performance.now();
    const judged = assessProgress([...history, evidence], settings);
    const t2 = performance.now();
    history.push(evidence);
    if (history.length > HISTORY) history.shift();
    if (judged?.level === 'fail' || judged?.level === 'ask') throw new Error(`isolated ${mode}: the monitor would stop at ${i}: ${judged.notice}`);
    if (i < warmup) continue;
    evidenceMs.push(t1 - t0);
    assessMs.push(t2 - t1);
    totalMs.push(t2 - t0);
    (judged ? totalWithFinding : totalWithout).push(t2 - t0);
    if (judged) findings += 1;
  }
  const us = (ms) => Math.round(ms * 1e6) / 1000; // ms → µs with 3 decimals
  const inUs = (samples) => ({ median: us(percentile(samples, 50)), p95: us(percentile(samples, 95)), p99: us(percentile(samples, 99)) });
  return {
    calls: totalMs.length,
    historySteps: HISTORY,
    findings,
    perCallMs: summarize(totalMs),
    perCallUs: inUs(totalMs),
    stepEvidenceUs: inUs(evidenceMs),
    assessProgressUs: inUs(assessMs),
    withFindingUs: inUs(totalWithFinding),
    withoutFindingUs: inUs(totalWithout),
  };
}
const isolatedResults = { warn: isolated('warn'), enforce: isolated('enforce') };

// ---- 2. in engine steps: interleaved off / warn / enforce sessions
const replyOf = (action) =>
  JSON.stringify({
    observation: 'The settings form is open.',
    thought: 'Go on with the form.',
    action: [{ ...action, status: 'CONTINUE' }],
    plan: ['fill in the form'],
    comment: 'bench step',
    status: 'CONTINUE',
  });
const REPLIES = Array.from({ length: SESSION_STEPS + 5 }, (_, i) => replyOf(scriptedAction(i)));

async function engineRun(mode) {
  const app = new FormApp();
  const dispatcher = app.dispatcher();
  const logRoot = mkdtempSync(join(tmpdir(), 'ufo-bench-progress-'));
  const logSink = new FileLogSink({ logRoot, task: `progress-${mode}` });
  const events = new EventBus();
  const interactor = new ProgrammaticInteractor();
  const model = new ScriptedModel({ replies: REPLIES });
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, linux: { progress: progressFor(mode) } });
  const walls = [];
  const cpus = [];
  const levels = {};
  let t0 = 0;
  let cpu0 = process.cpuUsage();
  events.subscribe((e) => {
    if (e.type === 'step-start') {
      cpu0 = process.cpuUsage();
      t0 = performance.now();
    } else if (e.type === 'step-end' && e.step >= SKIPPED_STEPS) {
      walls.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpus.push((cpu.user + cpu.system) / 1000);
    } else if (e.type === 'no-progress') {
      levels[e.level] = (levels[e.level] ?? 0) + 1;
    }
  });
  const session = new Session({
    task: 'progress-bench',
    request: 'fill in the settings form',
    logSink,
    dispatcher,
    interactor,
    events,
    maxSteps: SESSION_STEPS,
    startAgent: () => agent,
  });
  const outcome = await session.run();
  await dispatcher.close();
  rmSync(logRoot, { recursive: true, force: true });
  const finalState = outcome.rounds[0]?.finalState;
  if (outcome.error || finalState === 'FAIL' || finalState === 'ERROR' || outcome.steps < SESSION_STEPS) {
    throw new Error(`the ${mode} session stopped early (${outcome.steps} steps, ${finalState}): ${JSON.stringify(outcome.rounds[0]?.result)}`);
  }
  return { walls, cpus, levels };
}

for (const mode of MODES) await engineRun(mode); // warm-up round, not counted
const perRound = { wall: Object.fromEntries(MODES.map((m) => [m, []])), cpu: Object.fromEntries(MODES.map((m) => [m, []])) };
const allWalls = Object.fromEntries(MODES.map((m) => [m, []]));
const noProgressEvents = Object.fromEntries(MODES.map((m) => [m, {}]));
const engineStarted = performance.now();
for (let round = 0; round < ROUNDS; round += 1) {
  // rotate the order, so each mode runs first, second and third equally often
  const order = [...MODES.slice(round % MODES.length), ...MODES.slice(0, round % MODES.length)];
  for (const mode of order) {
    const { walls, cpus, levels } = await engineRun(mode);
    perRound.wall[mode].push(percentile(walls, 50));
    perRound.cpu[mode].push(percentile(cpus, 50));
    allWalls[mode].push(...walls);
    for (const [level, n] of Object.entries(levels)) noProgressEvents[mode][level] = (noProgressEvents[mode][level] ?? 0) + n;
  }
}
const engineSeconds = Math.round((performance.now() - engineStarted) / 100) / 10;

const round4 = (v) => Math.round(v * 10_000) / 10_000;
function paired(kind, mode) {
  const diffs = perRound[kind][mode].map((v, i) => v - perRound[kind].off[i]);
  return {
    median: round4(percentile(diffs, 50)),
    quartiles: [round4(percentile(diffs, 25)), round4(percentile(diffs, 75))],
    min: round4(Math.min(...diffs)),
    max: round4(Math.max(...diffs)),
  };
}
const ON_MODES = ['warn', 'enforce'];
const engine = {
  rounds: ROUNDS,
  stepsPerSession: SESSION_STEPS,
  measuredStepsPerSession: MEASURED_STEPS,
  controlsListed: new FormApp().controls().length,
  stalledStepsPer20: STALLED_PER_20,
  seconds: engineSeconds,
  medianStepMs: Object.fromEntries(MODES.map((m) => [m, summarize(allWalls[m]).median])),
  p95StepMs: Object.fromEntries(MODES.map((m) => [m, summarize(allWalls[m]).p95])),
  medianOfRoundMediansMs: Object.fromEntries(MODES.map((m) => [m, round4(percentile(perRound.wall[m], 50))])),
  pairedOverheadMs: Object.fromEntries(ON_MODES.map((m) => [m, paired('wall', m)])),
  pairedCpuOverheadMs: Object.fromEntries(ON_MODES.map((m) => [m, paired('cpu', m)])),
  noProgressEvents,
};

const loadAtEnd = os.loadavg();
const isolatedMs = round4(Math.max(isolatedResults.warn.perCallMs.median, isolatedResults.enforce.perCallMs.median));
const pairedOverheadMs = round4(Math.max(engine.pairedOverheadMs.warn.median, engine.pairedOverheadMs.enforce.median));
const result = {
  note: 'isolated = stepEvidence + assessProgress([...64 earlier steps, this one]) per call, as the ProgressCheck strategy runs them, on a listing of 60 controls and 3 windows and one action a step (the listing and the action are prepared outside the timed part); per call in ms (perCallMs) and in µs with the two parts apart. engine = LinuxAgent sessions (in-process MCP tool server, FileLogSink, scripted model) of stepsPerSession steps, the first 20 not measured; step time from step-start to step-end; every 20 steps 3 stall (2 no-effect clicks in a row, 1 click on a disabled button), so warn mode warns on those steps (noProgressEvents); enforce runs with limits of 1000 so it only warns. Modes interleaved in rounds (order rotating); pairedOverheadMs = per round the median step time of the mode minus that of off, then the median and quartiles [25th, 75th] of those differences over the rounds; pairedCpuOverheadMs the same for the process CPU time per step. The machine is shared: load averages at start and end.',
  load: { start: loadAtStart, end: loadAtEnd },
  isolated: isolatedResults,
  engine,
  target: {
    maxMsPerStep: TARGET_MS,
    isolatedMs,
    pairedOverheadMs,
    met: isolatedMs <= TARGET_MS && pairedOverheadMs <= TARGET_MS,
  },
};
const file = writeResult('progress-monitor', result);
console.log(JSON.stringify(result, null, 2));
console.log(`written ${file}`);
if (isolatedMs > FAIL_BEYOND_MS || pairedOverheadMs > FAIL_BEYOND_MS) {
  console.error(`progress monitor: ${Math.max(isolatedMs, pairedOverheadMs)} ms per step, far beyond the ${TARGET_MS} ms target`);
  process.exitCode = 1;
}
