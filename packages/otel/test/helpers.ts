import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, type ChatModel, type CommandDispatcher } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedModelOptions } from '@ufo-ts/core/testing';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher, FakeDesktop } from '@ufo-ts/testkit';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { UfoTracing } from '../src/index.js';

/** The calculator's window id on the FakeDesktop. */
export const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;

const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });

/** LinuxAgent replies: select the calculator, then click 12×34= (two steps, seven tool calls). */
export const CALC_REPLIES: ScriptedModelOptions['replies'] = [
  linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' }),
  linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
];

/** Replies that call a tool the desktop does not have, then give up. */
export const UNKNOWN_TOOL_REPLIES: ScriptedModelOptions['replies'] = [
  linux({ function: 'frobnicate', arguments: { level: 11 }, status: 'CONTINUE' }),
  linux([], { status: 'FAIL', result: 'no such tool' }),
];

/** A tracer provider whose spans land in memory. */
export function memoryProvider(): { provider: BasicTracerProvider; exporter: InMemorySpanExporter } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { provider, exporter };
}

/** Runs a LinuxAgent session on a fake desktop with the model and dispatcher wrapped by `tracing`. */
export async function runTracedSession(
  tracing: UfoTracing,
  options: { replies?: ScriptedModelOptions['replies']; model?: ChatModel; request?: string; untracedDispatcher?: boolean } = {},
): Promise<{ outcome: Awaited<ReturnType<Session['run']>>; model: ChatModel; dispatcher: CommandDispatcher; desktop: FakeDesktop }> {
  const fake = createFakeDesktopDispatcher();
  const events = new EventBus();
  const traced = tracing.traceSession(events);
  const model = traced.model(
    options.model ??
      new ScriptedModel({
        replies: options.replies ?? CALC_REPLIES,
        modelId: 'gpt-test',
        defaultCost: 0.0025,
        defaultUsage: { inputTokens: 1200, outputTokens: 80 },
      }),
  );
  const dispatcher = options.untracedDispatcher ? fake.dispatcher : traced.dispatcher(fake.dispatcher);
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink });
  const session = new Session({
    task: 'calc',
    request: options.request ?? 'compute 12 times 34',
    logSink,
    interactor,
    events,
    dispatcher,
    startAgent: () => agent,
  });
  try {
    const outcome = await session.run();
    return { outcome, model, dispatcher, desktop: fake.desktop };
  } finally {
    traced.detach();
    await fake.dispatcher.close();
  }
}

/** The spans whose parent is `parent` (by span id), in start order. */
export function childrenOf(spans: readonly ReadableSpan[], parent: ReadableSpan): ReadableSpan[] {
  return spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId).sort((a, b) => compareTime(a.startTime, b.startTime));
}

function compareTime(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}
