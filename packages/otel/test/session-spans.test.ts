import { EventBus, UfoError } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AlwaysOffSampler, BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { TracingOptionsError, UfoTracing } from '../src/index.js';
import { childrenOf, memoryProvider, runTracedSession, UNKNOWN_TOOL_REPLIES } from './helpers.js';

describe('session spans from the engine events, with model and tool spans under their step', () => {
  it('a two-step session is session > round > step > (chat, execute_tool) with GenAI and ufo attributes', async () => {
    const { provider, exporter } = memoryProvider();
    const { outcome, desktop } = await runTracedSession(new UfoTracing({ tracerProvider: provider }));
    expect(outcome.rounds[0]).toMatchObject({ result: '408', finalState: 'FINISH' });
    expect(desktop.state.display).toBe('408');
    const spans = exporter.getFinishedSpans();

    const sessions = spans.filter((s) => s.name === 'ufo.session');
    expect(sessions).toHaveLength(1);
    const session = sessions[0]!;
    expect(session.parentSpanContext).toBeUndefined();
    expect(session.instrumentationScope.name).toBe('@ufo-ts/otel');
    expect(session.attributes).toMatchObject({ 'ufo.session.id': outcome.id, 'ufo.session.rounds': 1, 'ufo.cost.usd': 0.005 });
    expect(session.status.code).toBe(SpanStatusCode.UNSET);
    // every span belongs to the session's trace
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([session.spanContext().traceId]));

    const [round, ...otherRounds] = childrenOf(spans, session);
    expect(otherRounds).toEqual([]);
    expect(round!.name).toBe('ufo.round');
    expect(round!.attributes).toMatchObject({ 'ufo.round': 0, 'ufo.round.final_state': 'FINISH' });
    expect(round!.attributes['ufo.round.request']).toBeUndefined(); // content is not captured by default
    expect(round!.events.filter((e) => e.name === 'ufo.transition')).toHaveLength(2);

    // the round's children: its steps, then the end snapshots of the window the agent selected (kept for a resume)
    const steps = childrenOf(spans, round!).filter((s) => s.name === 'ufo.step');
    expect(steps.map((s) => s.name)).toEqual(['ufo.step', 'ufo.step']);
    expect(
      childrenOf(spans, round!)
        .filter((s) => s.name !== 'ufo.step')
        .map((s) => s.name),
    ).toEqual(['execute_tool capture_window_screenshot', 'execute_tool capture_window_screenshot']);
    expect(steps.map((s) => s.attributes['ufo.step'])).toEqual([0, 1]);
    expect(steps[0]!.attributes).toMatchObject({
      'ufo.agent.name': 'LinuxAgent',
      'gen_ai.agent.name': 'LinuxAgent',
      'ufo.step.state': 'CONTINUE',
      'ufo.status': 'CONTINUE',
      'ufo.cost.usd': 0.0025,
    });
    expect(steps[1]!.attributes).toMatchObject({ 'ufo.status': 'FINISH' });

    // observations (screenshots, control listings) come first, then the model call, then the action
    const first = childrenOf(spans, steps[0]!).filter((s) => s.attributes['ufo.tool.type'] !== 'data_collection');
    expect(first.map((s) => s.name)).toEqual(['chat gpt-test', 'execute_tool select_application_window']);
    expect(
      childrenOf(spans, steps[0]!)
        .filter((s) => s.attributes['ufo.tool.type'] === 'data_collection')
        .map((s) => s.name),
    ).toContain('execute_tool capture_desktop_screenshot');
    const chat = first[0]!;
    expect(chat.kind).toBe(SpanKind.CLIENT);
    expect(chat.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'scripted',
      'gen_ai.system': 'scripted',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.response.model': 'gpt-test',
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.usage.output_tokens': 80,
      'gen_ai.response.finish_reasons': ['stop'],
      'ufo.cost.usd': 0.0025,
      'ufo.agent.name': 'LinuxAgent',
    });
    const select = first[1]!;
    expect(select.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'select_application_window',
      'gen_ai.tool.call.id': expect.any(String),
      'ufo.tool.type': 'action',
      'ufo.tool.namespace': 'fake-desktop',
      'ufo.status': 'success',
      'ufo.target.agent': 'LinuxAgent',
    });
    expect(select.status.code).toBe(SpanStatusCode.UNSET);

    // the second step: one model call and six clicks (one batch), each click its own span with its own call id
    const second = childrenOf(spans, steps[1]!).filter((s) => s.attributes['ufo.tool.type'] !== 'data_collection');
    expect(second[0]!.name).toBe('chat gpt-test');
    const clicks = second.filter((s) => s.name === 'execute_tool click_input');
    expect(clicks).toHaveLength(6);
    expect(new Set(clicks.map((s) => s.attributes['gen_ai.tool.call.id'])).size).toBe(6);
    // tool spans end in the order the commands ran, inside the step
    const ends = clicks.map((s) => s.endTime[0] * 1e9 + s.endTime[1]);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    const stepEnd = steps[1]!.endTime[0] * 1e9 + steps[1]!.endTime[1];
    expect(Math.max(...ends)).toBeLessThanOrEqual(stepEnd);
    expect(select.attributes['gen_ai.tool.call.id']).not.toBe(clicks[0]!.attributes['gen_ai.tool.call.id']);
  });

  it('a failed model call sets ERROR on its chat span (error recorded) and on the step and round it failed', async () => {
    const { provider, exporter } = memoryProvider();
    const failing = new ScriptedModel({
      replies: [{ content: '', error: new UfoError('MODEL_CALL_FAILED', 'the provider answered 503') }],
      modelId: 'gpt-test',
    });
    const { outcome } = await runTracedSession(new UfoTracing({ tracerProvider: provider }), { model: failing });
    expect(outcome.rounds[0]?.finalState).toBe('ERROR');
    const spans = exporter.getFinishedSpans();
    const chat = spans.find((s) => s.name === 'chat gpt-test')!;
    expect(chat.status).toEqual({ code: SpanStatusCode.ERROR, message: expect.stringContaining('503') });
    expect(chat.attributes['error.type']).toBe('MODEL_CALL_FAILED');
    const exception = chat.events.find((e) => e.name === 'exception')!;
    expect(exception.attributes).toMatchObject({ 'exception.message': expect.stringContaining('503') });
    const step = spans.find((s) => s.name === 'ufo.step')!;
    expect(step.attributes['ufo.status']).toBe('ERROR');
    expect(step.status.code).toBe(SpanStatusCode.ERROR);
    const round = spans.find((s) => s.name === 'ufo.round')!;
    expect(round.status.code).toBe(SpanStatusCode.ERROR);
    expect(round.attributes['ufo.round.final_state']).toBe('ERROR');
  });

  it('a failed tool call sets ERROR on its execute_tool span with the Result code as error.type', async () => {
    const { provider, exporter } = memoryProvider();
    const { outcome } = await runTracedSession(new UfoTracing({ tracerProvider: provider }), { replies: UNKNOWN_TOOL_REPLIES });
    expect(outcome.rounds[0]?.finalState).toBe('FAIL');
    const spans = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'execute_tool frobnicate')!;
    expect(tool.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool.attributes).toMatchObject({ 'ufo.status': 'failure', 'error.type': 'TOOL_UNKNOWN' });
    expect(tool.events.find((e) => e.name === 'exception')?.attributes).toMatchObject({ 'exception.type': 'TOOL_UNKNOWN' });
    expect(spans.find((s) => s.name === 'ufo.round')!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('a command is recorded once: as its execute_tool span, or as a ufo.command event when the dispatcher is not traced', async () => {
    const traced = memoryProvider();
    await runTracedSession(new UfoTracing({ tracerProvider: traced.provider }), { replies: UNKNOWN_TOOL_REPLIES });
    const spans = traced.exporter.getFinishedSpans();
    const toolSpans = spans.filter((s) => s.name.startsWith('execute_tool '));
    expect(toolSpans.map((s) => s.name)).toContain('execute_tool frobnicate');
    expect(spans.flatMap((s) => s.events).filter((e) => e.name === 'ufo.command')).toEqual([]);

    const modelOnly = memoryProvider();
    await runTracedSession(new UfoTracing({ tracerProvider: modelOnly.provider }), { replies: UNKNOWN_TOOL_REPLIES, untracedDispatcher: true });
    const untraced = modelOnly.exporter.getFinishedSpans();
    expect(untraced.filter((s) => s.name.startsWith('execute_tool '))).toEqual([]);
    const commandEvents = untraced
      .filter((s) => s.name === 'ufo.step')
      .flatMap((s) => s.events)
      .filter((e) => e.name === 'ufo.command');
    // the same commands, one event each, with the failure's text
    expect(commandEvents.map((e) => e.attributes?.['gen_ai.tool.name']).sort()).toEqual(toolSpans.map((s) => s.attributes['gen_ai.tool.name']).sort());
    expect(commandEvents.find((e) => e.attributes?.['gen_ai.tool.name'] === 'frobnicate')?.attributes).toMatchObject({
      'ufo.status': 'failure',
      'ufo.command.error': expect.stringContaining('TOOL_UNKNOWN'),
    });
  });

  it('captureContent records the request; spans of a session thrown out of run() end with the error', async () => {
    const { provider, exporter } = memoryProvider();
    const tracing = new UfoTracing({ tracerProvider: provider, captureContent: true });
    await runTracedSession(tracing);
    expect(exporter.getFinishedSpans().find((s) => s.name === 'ufo.round')!.attributes['ufo.round.request']).toBe('compute 12 times 34');

    exporter.reset();
    const events = new EventBus();
    tracing.traceSession(events);
    events.emit({ type: 'session-start', sessionId: 's-1', logFolder: undefined });
    events.emit({ type: 'round-start', round: 0, request: 'r' });
    events.emit({ type: 'session-end', sessionId: 's-1', rounds: 0, cost: 0, error: 'the recorder could not write' });
    const [round, session] = exporter.getFinishedSpans();
    expect(round!.name).toBe('ufo.round');
    expect(session!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the recorder could not write' });
  });
});

describe('tracing that is off', () => {
  it('without a tracer the model and dispatcher are the very objects given and nothing subscribes', async () => {
    const tracing = new UfoTracing();
    expect(tracing.enabled).toBe(false);
    const events = new EventBus();
    let listeners = 0;
    const subscribe = events.subscribe.bind(events);
    events.subscribe = (listener) => (listeners++, subscribe(listener));
    const traced = tracing.traceSession(events);
    const model = new ScriptedModel({ replies: [] });
    const dispatcher = { execute: async () => [], listTools: async () => [], close: async () => undefined };
    expect(traced.model(model)).toBe(model);
    expect(traced.dispatcher(dispatcher)).toBe(dispatcher);
    expect(tracing.traceDispatcher(dispatcher)).toBe(dispatcher);
    expect(listeners).toBe(0);
  });

  it('with a tracer that samples nothing (or the API no-op tracer) no span is started after the session span', async () => {
    const exporter = new InMemorySpanExporter();
    let started = 0;
    const provider = new BasicTracerProvider({
      sampler: new AlwaysOffSampler(),
      spanProcessors: [
        new SimpleSpanProcessor(exporter),
        { onStart: () => void started++, onEnd: () => undefined, forceFlush: async () => undefined, shutdown: async () => undefined },
      ],
    });
    const { outcome } = await runTracedSession(new UfoTracing({ tracerProvider: provider }));
    expect(outcome.rounds[0]?.finalState).toBe('FINISH');
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(started).toBe(0);

    const noop = await runTracedSession(new UfoTracing({ tracer: trace.getTracerProvider().getTracer('unregistered') }));
    expect(noop.outcome.rounds[0]?.finalState).toBe('FINISH');
  });

  it('refuses a tracer and a tracer provider together', () => {
    const { provider } = memoryProvider();
    expect(() => new UfoTracing({ tracer: provider.getTracer('x'), tracerProvider: provider })).toThrow(TracingOptionsError);
  });
});
