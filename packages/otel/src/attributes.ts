import type { AttributeValue } from '@opentelemetry/api';

/**
 * Attribute names of the spans `@ufo-ts/otel` records. The `gen_ai.*` names are the OpenTelemetry GenAI semantic
 * conventions (model and tool calls); the `ufo.*` names are this engine's own (sessions, rounds, steps, cost).
 */
export const GenAiAttributes = {
  OPERATION_NAME: 'gen_ai.operation.name',
  /** The provider (`openai`, `anthropic`, ...), as named by current conventions. */
  PROVIDER_NAME: 'gen_ai.provider.name',
  /** The provider under its earlier name, still read by many back-ends. */
  SYSTEM: 'gen_ai.system',
  REQUEST_MODEL: 'gen_ai.request.model',
  REQUEST_TEMPERATURE: 'gen_ai.request.temperature',
  REQUEST_MAX_TOKENS: 'gen_ai.request.max_tokens',
  OUTPUT_TYPE: 'gen_ai.output.type',
  RESPONSE_MODEL: 'gen_ai.response.model',
  RESPONSE_FINISH_REASONS: 'gen_ai.response.finish_reasons',
  USAGE_INPUT_TOKENS: 'gen_ai.usage.input_tokens',
  USAGE_OUTPUT_TOKENS: 'gen_ai.usage.output_tokens',
  USAGE_CACHE_READ_INPUT_TOKENS: 'gen_ai.usage.cache_read.input_tokens',
  AGENT_NAME: 'gen_ai.agent.name',
  TOOL_NAME: 'gen_ai.tool.name',
  TOOL_CALL_ID: 'gen_ai.tool.call.id',
  TOOL_TYPE: 'gen_ai.tool.type',
  /** The class of an error (`error.type` of the general conventions). */
  ERROR_TYPE: 'error.type',
} as const;

/** The engine's own attribute names (all under `ufo.`). */
export const UfoAttributes = {
  SESSION_ID: 'ufo.session.id',
  LOG_FOLDER: 'ufo.session.log_folder',
  ROUNDS: 'ufo.session.rounds',
  ROUND: 'ufo.round',
  /** The round's user request (only with `captureContent`). */
  REQUEST: 'ufo.round.request',
  FINAL_STATE: 'ufo.round.final_state',
  AGENT_NAME: 'ufo.agent.name',
  STEP: 'ufo.step',
  STATE: 'ufo.step.state',
  STATUS: 'ufo.status',
  /** Cost in USD: of the session, of a step, or of one model call. */
  COST_USD: 'ufo.cost.usd',
  /** A model call whose price is unknown (its cost is in no total). */
  COST_UNPRICED: 'ufo.cost.unpriced',
  LATENCY_MS: 'ufo.model.latency_ms',
  TOOL_TYPE: 'ufo.tool.type',
  TOOL_NAMESPACE: 'ufo.tool.namespace',
  TOOL_DURATION_MS: 'ufo.tool.duration_ms',
  TARGET_AGENT: 'ufo.target.agent',
  TARGET_ROOT: 'ufo.target.root',
  TARGET_PROCESS: 'ufo.target.process',
  /** The batch's command id (the COMMAND `response_id` on a remote device). */
  COMMAND_ID: 'ufo.command.id',
} as const;

/** Every attribute name of {@link GenAiAttributes} and {@link UfoAttributes}. */
export type AttributeName = (typeof GenAiAttributes)[keyof typeof GenAiAttributes] | (typeof UfoAttributes)[keyof typeof UfoAttributes];

/**
 * Attributes keyed by the names above, checked by the compiler. The per-step spans and events build theirs as
 * object literals with these names written out: V8 creates a literal with constant keys from a template, while
 * computed keys (`[UfoAttributes.STATUS]: ...`) take a slower path in code that runs too rarely to be optimized,
 * as a session's tracing code does between the engine's own work.
 */
export type KnownAttributes = { [K in AttributeName]?: AttributeValue };

/** Span names (the model and tool spans follow the GenAI conventions: `chat {model}`, `execute_tool {name}`). */
export const SpanNames = {
  SESSION: 'ufo.session',
  ROUND: 'ufo.round',
  STEP: 'ufo.step',
  /** The span of one model call, named after the model id. */
  chat: (model: string) => `chat ${model}`,
  /** The span of one tool call, named after the tool. */
  executeTool: (tool: string) => `execute_tool ${tool}`,
} as const;

/** Round end states and step statuses recorded as span status ERROR. */
export const FAILED_STATES: ReadonlySet<string> = new Set(['ERROR', 'FAIL', 'MAX_STEP']);
