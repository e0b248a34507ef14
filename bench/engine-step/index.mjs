// bench/engine-step: engine overhead per step (scripted model, in-process MCP tools, real file logs).
// Overhead = step wall time − time inside the model and the dispatcher, measured per step by wrapping both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { summarize, writeResult } from '../stats.mjs';

const STEPS = Number(process.env.BENCH_STEPS ?? 2000);
const WARMUP = 100;

function timed(target, methods, bucket) {
  return new Proxy(target, {
    get(obj, prop) {
      const value = obj[prop];
      if (typeof value !== 'function' || !methods.includes(prop)) return value;
      return async (...args) => {
        const t0 = performance.now();
        try {
          return await value.apply(obj, args);
        } finally {
          bucket.ms += performance.now() - t0;
        }
      };
    },
  });
}

const logRoot = mkdtempSync(join(tmpdir(), 'ufo-bench-'));
const { dispatcher } = createFakeDesktopDispatcher();
const reply = {
  observation: 'The calculator shows 0.',
  thought: 'Press a digit to keep the engine busy.',
  action: { function: 'click_input', arguments: { id: '1' }, status: 'CONTINUE' },
  plan: ['press', 'press again'],
  comment: 'benchmark step',
};
const total = STEPS + WARMUP;
const replies = Array.from({ length: total }, () => JSON.stringify(reply));
replies[0] = JSON.stringify({ ...reply, action: { function: 'select_application_window', arguments: { id: '1' }, status: 'CONTINUE' } });
const model = new ScriptedModel({ replies });
const inModel = { ms: 0 };
const inDispatcher = { ms: 0 };
const events = new EventBus();
const logSink = new FileLogSink({ logRoot, task: 'engine-step' });
const agent = createLinuxAgent({
  model: timed(model, ['complete'], inModel),
  dispatcher: timed(dispatcher, ['execute', 'listTools'], inDispatcher),
  interactor: new ProgrammaticInteractor(),
  events,
  logSink,
});
const wall = [];
const overhead = [];
let t0 = 0;
let m0 = 0;
let d0 = 0;
events.subscribe((e) => {
  if (e.type === 'step-start') {
    t0 = performance.now();
    m0 = inModel.ms;
    d0 = inDispatcher.ms;
  } else if (e.type === 'step-end' && e.step >= WARMUP) {
    const w = performance.now() - t0;
    wall.push(w);
    overhead.push(w - (inModel.ms - m0) - (inDispatcher.ms - d0));
  }
});
const rssBefore = process.memoryUsage().rss;
const session = new Session({ task: 'engine-step', request: 'bench', logSink, dispatcher, interactor: new ProgrammaticInteractor(), events, maxSteps: total, startAgent: () => agent });
const started = performance.now();
const outcome = await session.run();
const elapsed = performance.now() - started;
await dispatcher.close();
rmSync(logRoot, { recursive: true, force: true });

const result = {
  steps: outcome.steps,
  measuredSteps: wall.length,
  note: 'Each step: window screenshot, control list, annotated screenshot, model call, one click, memory, response.log + request.log lines. overhead excludes model and dispatcher time (in-process MCP).',
  engineOverheadMs: summarize(overhead),
  stepWallMs: summarize(wall),
  stepsPerSecond: Math.round((outcome.steps / elapsed) * 1000),
  rssGrowthMb: Math.round(((process.memoryUsage().rss - rssBefore) / 1e6) * 10) / 10,
  target: { engineOverheadMedianMs: 0.5, met: summarize(overhead).median <= 0.5 },
};
const file = writeResult('engine-step', result);
console.log(JSON.stringify(result, null, 2));
console.log(`written ${file}`);
