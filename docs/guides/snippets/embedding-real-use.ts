// Embedding the server in real use: a provider model per task, and tracing with OpenTelemetry on the server side
// (`instrument`) and the device side (`traceDispatcher`). Type-checked only (tsconfig.json in this folder): it needs
// a model key, and a tracer provider from @opentelemetry/sdk-trace-base or @opentelemetry/sdk-node in the app.
// #region model
import { createOpenAIModel } from '@ufo-ts/llm-providers';
import { createUfoServer, type ModelFactory } from '@ufo-ts/server';

/** A model per task (the server wraps it in the task's budget, when there are budgets, and in `instrument`). */
export const createModel: ModelFactory = () => createOpenAIModel({ apiKey: process.env.OPENAI_API_KEY ?? '', model: 'gpt-4o' });
export const server = () => createUfoServer({ createModel, approval: { mode: 'wait', timeout_ms: 600_000, on_timeout: 'reject' } });
// #endregion model
// #region tracing
import { DeviceClient } from '@ufo-ts/aip';
import type { CommandDispatcher } from '@ufo-ts/core';
import { UfoTracing, type UfoTracingOptions } from '@ufo-ts/otel';

type TracerProvider = NonNullable<UfoTracingOptions['tracerProvider']>;

/** The server: each task's session, rounds, steps, model calls and tool calls as spans of one trace. */
export function createTracedServer(tracerProvider: TracerProvider) {
  const tracing = new UfoTracing({ tracerProvider });
  return createUfoServer({
    createModel,
    instrument: (events) => tracing.traceSession(events), // wraps each task's model and dispatcher, detaches at the end
  });
}

/** The device: its execute_tool spans continue the server's, in the same trace (trace_contexts in each COMMAND). */
export function createTracedDevice(tracerProvider: TracerProvider, local: CommandDispatcher, serverUrl: string, apiKey: string) {
  const tracing = new UfoTracing({ tracerProvider });
  return new DeviceClient({ serverUrl, apiKey, clientId: 'calc-pc', platform: 'linux', dispatcher: tracing.traceDispatcher(local) });
}
// #endregion tracing
