// bench/otel: what @ufo-ts/otel adds per engine step, as differences within one run.
// 1. Isolated: the step's event sequence and its calls (one model call, four observation tools, one click) driven
//    through the tracing wrappers around instant model and dispatcher stubs, so the time measured is the tracing
//    code alone: untraced vs. tracing off (no tracer) vs. the API's no-op tracer vs. on (SDK tracer, batch processor,
//    an exporter that drops the spans, so export cost is not in the step).
//    The SDK's own cost of the same seven spans is measured beside it (sdkFloorMs): what the package adds beyond it
//    is the difference.
// 2. In the engine: real LinuxAgent sessions on the in-process fake desktop, the four modes interleaved in rounds;
//    the per-step difference of medians against the untraced sessions of the same rounds.
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { UfoTracing } from '@ufo-ts/otel';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { summarize, writeResult } from '../stats.mjs';

const ISOLATED_STEPS = Number(process.env.BENCH_OTEL_ISOLATED_STEPS ?? 20_000);
const ENGINE_STEPS = Number(process.env.BENCH_OTEL_ENGINE_STEPS ?? 300);
const ROUNDS = Number(process.env.BENCH_OTEL_ROUNDS ?? 6);
const TARGET_ON_MS = 0.05;

/** An exporter that accepts and drops every batch. */
const droppingExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined, forceFlush: async () => undefined };

function tracingFor(mode) {
  switch (mode) {
    case 'untraced':
      return undefined;
    case 'off':
      return new UfoTracing();
    case 'noop':
      return new UfoTracing({ tracer: trace.getTracerProvider().getTracer('unregistered') });
    case 'on': {
      const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(droppingExporter)] });
      return new UfoTracing({ tracerProvider: provider });
    }
  }
}
const MODES = ['untraced', 'off', 'noop', 'on'];

// ---- 1. isolated tracing cost per step
const stubModel = {
  provider: 'stub',
  modelId: 'stub-model',
  complete: async () => ({ content: '{}', usage: { inputTokens: 1000, outputTokens: 50 }, cost: 0.001, latencyMs: 0, model: 'stub-model', provider: 'stub', finishReason: 'stop' }),
};
const stubDispatcher = {
  execute: async (commands) => commands.map((c) => ({ status: 'success', call_id: c.call_id, namespace: 'stub', duration_ms: 0 })),
  listTools: async () => [],
  close: async () => undefined,
};
const target = { agent: 'LinuxAgent', root: 'calc' };
const OBSERVE = ['capture_window_screenshot', 'capture_desktop_screenshot', 'get_app_window_controls_target_info', 'capture_annotated_screenshot'];

async function isolated(mode) {
  const events = new EventBus();
  const traced = tracingFor(mode)?.traceSession(events);
  const model = traced ? traced.model(stubModel) : stubModel;
  const dispatcher = traced ? traced.dispatcher(stubDispatcher) : stubDispatcher;
  events.emit({ type: 'session-start', sessionId: 'bench', logFolder: undefined });
  events.emit({ type: 'round-start', round: 0, request: 'bench' });
  let call = 0;
  const step = async (i) => {
    events.emit({ type: 'step-start', agent: 'LinuxAgent', state: 'CONTINUE', step: i, round: 0 });
    for (const tool of OBSERVE) await dispatcher.execute([{ tool_name: tool, parameters: {}, tool_type: 'data_collection', call_id: `c${call++}` }], { target });
    await model.complete({ messages: [{ role: 'user', content: 'x' }], metadata: { agent: 'LinuxAgent', step: i } });
    await dispatcher.execute([{ tool_name: 'click_input', parameters: { id: '1' }, tool_type: 'action', call_id: `c${call++}` }], { target });
    events.emit({ type: 'command', agent: 'LinuxAgent', tool: 'click_input', status: 'success', error: null });
    events.emit({ type: 'step-end', agent: 'LinuxAgent', state: 'CONTINUE', step: i, round: 0, status: 'CONTINUE', cost: 0.001 });
    events.emit({ type: 'transition', from: 'LinuxAgent.CONTINUE', to: 'LinuxAgent.CONTINUE', agent: 'LinuxAgent', nextAgent: 'LinuxAgent', status: 'CONTINUE', round: 0, source: { agent: 'LinuxAgent', agentKind: 'LinuxAgent', state: 'CONTINUE' }, target: { agent: 'LinuxAgent', agentKind: 'LinuxAgent', state: 'CONTINUE' } });
  };
  for (let i = 0; i < 500; i += 1) await step(i);
  const batch = 100;
  const perStep = [];
  for (let done = 0; done < ISOLATED_STEPS; done += batch) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i += 1) await step(done + i);
    perStep.push((performance.now() - t0) / batch);
  }
  events.emit({ type: 'round-end', round: 0, state: 'FINISH', result: null });
  events.emit({ type: 'session-end', sessionId: 'bench', rounds: 1, cost: 0 });
  traced?.detach();
  return perStep;
}

const isolatedSamples = Object.fromEntries(MODES.map((m) => [m, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const mode of MODES) isolatedSamples[mode].push(...(await isolated(mode)));
}
const isolatedMedian = Object.fromEntries(MODES.map((m) => [m, summarize(isolatedSamples[m]).median]));

// The SDK's own floor: the same seven spans per step (eight attributes each) started and ended directly.
async function sdkFloor() {
  const tracer = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(droppingExporter)] }).getTracer('floor');
  const attributes = { a: 'LinuxAgent', b: 1, c: 'CONTINUE', d: 'click_input', e: 'c1', f: 'action', g: 'success', h: 0.001 };
  const perStep = [];
  const step = async () => {
    for (let s = 0; s < 7; s += 1) tracer.startSpan('span', { attributes }).end();
    await undefined;
  };
  for (let i = 0; i < 500; i += 1) await step();
  for (let done = 0; done < ISOLATED_STEPS; done += 100) {
    const t0 = performance.now();
    for (let i = 0; i < 100; i += 1) await step();
    perStep.push((performance.now() - t0) / 100);
  }
  return perStep;
}
const floorSamples = [];
for (let round = 0; round < ROUNDS; round += 1) floorSamples.push(...(await sdkFloor()));
const sdkFloorMs = summarize(floorSamples).median;
const round4 = (v) => Math.round(v * 10_000) / 10_000;
const isolatedAdded = Object.fromEntries(MODES.filter((m) => m !== 'untraced').map((m) => [m, round4(isolatedMedian[m] - isolatedMedian.untraced)]));

// ---- 2. real sessions on the fake desktop
const reply = JSON.stringify({ observation: 'o', thought: 't', action: { function: 'click_input', arguments: { id: '1' }, status: 'CONTINUE' }, plan: ['p'], comment: 'c' });
async function engineRun(mode) {
  const fake = createFakeDesktopDispatcher();
  const events = new EventBus();
  const traced = tracingFor(mode)?.traceSession(events);
  const replies = Array.from({ length: ENGINE_STEPS + 1 }, () => reply);
  const scripted = new ScriptedModel({ replies });
  const model = traced ? traced.model(scripted) : scripted;
  const dispatcher = traced ? traced.dispatcher(fake.dispatcher) : fake.dispatcher;
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink });
  const walls = [];
  let t0 = 0;
  events.subscribe((e) => {
    if (e.type === 'step-start') t0 = performance.now();
    else if (e.type === 'step-end' && e.step >= 20) walls.push(performance.now() - t0);
  });
  const session = new Session({ task: 'otel-bench', request: 'bench', logSink, dispatcher, interactor, events, maxSteps: ENGINE_STEPS, startAgent: () => agent });
  await session.run();
  traced?.detach();
  await fake.dispatcher.close();
  return walls;
}
const engineSamples = Object.fromEntries(MODES.map((m) => [m, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const mode of MODES) engineSamples[mode].push(...(await engineRun(mode)));
}
const engineMedian = Object.fromEntries(MODES.map((m) => [m, summarize(engineSamples[m]).median]));
const engineAdded = Object.fromEntries(MODES.filter((m) => m !== 'untraced').map((m) => [m, round4(engineMedian[m] - engineMedian.untraced)]));

const result = {
  note:
    'Per engine step: 1 model call, 4 observation tool calls, 1 click (6 spans + the step span when on). isolated = the tracing code alone around instant stubs (median of per-100-step batch means); engine = real LinuxAgent sessions on the in-process fake desktop (median step wall time). Modes run interleaved in rounds; "addedMs" is each mode minus untraced in the same run. off = UfoTracing without a tracer (the model and dispatcher are returned unchanged); noop = the OpenTelemetry API tracer with no SDK registered; on = SDK BasicTracerProvider + BatchSpanProcessor (default queue and batch sizes) with an exporter that drops spans.',
  rounds: ROUNDS,
  isolated: {
    stepsPerRoundPerMode: ISOLATED_STEPS,
    medianStepMs: isolatedMedian,
    addedMs: isolatedAdded,
    sdkFloorMs,
    onBeyondSdkFloorMs: round4(isolatedAdded.on - sdkFloorMs),
    onToSdkFloorRatio: Math.round((isolatedAdded.on / sdkFloorMs) * 100) / 100,
  },
  engine: { stepsPerRoundPerMode: ENGINE_STEPS, medianStepMs: engineMedian, addedMs: engineAdded, p95StepMs: Object.fromEntries(MODES.map((m) => [m, summarize(engineSamples[m]).p95])) },
  target: { addedPerStepOnMs: TARGET_ON_MS, met: isolatedAdded.on <= TARGET_ON_MS, offAddedMs: isolatedAdded.off, noopAddedMs: isolatedAdded.noop, offUnmeasurable: Math.abs(isolatedAdded.off) <= 0.001 },
};
const file = writeResult('otel', result);
console.log(JSON.stringify(result, null, 2));
console.log(`written ${file}`);
