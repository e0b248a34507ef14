import { z } from 'zod';

/** Whether a tool observes the machine (`data_collection`) or changes it (`action`). */
export const ToolTypeSchema = z.enum(['data_collection', 'action']);
/** `data_collection` or `action`. */
export type ToolType = z.infer<typeof ToolTypeSchema>;

/**
 * One tool call the engine wants run on a machine. Everything the engine does to a desktop is a Command sent
 * through a {@link CommandDispatcher}.
 */
export const CommandSchema = z.object({
  /** Name of the MCP tool. */
  tool_name: z.string().min(1),
  /** Arguments for the tool, validated against its input schema by the dispatcher. */
  parameters: z.record(z.string(), z.unknown()).default({}),
  /** Which family of tool servers to route to. */
  tool_type: ToolTypeSchema,
  /** Correlation id, echoed in the {@link Result}. */
  call_id: z.string().min(1),
  /** Per-command timeout in milliseconds, overriding the dispatcher's default. */
  timeout_ms: z.number().int().positive().optional(),
});
/** One tool call for a dispatcher, defaults applied (see {@link CommandSchema}). */
export type Command = z.infer<typeof CommandSchema>;
/** A Command before defaults are applied (what callers write). */
export type CommandInput = z.input<typeof CommandSchema>;

/** Outcome of one Command. */
export const ResultStatusSchema = z.enum(['success', 'failure', 'skipped']);
/** `success`, `failure` or `skipped`. */
export type ResultStatus = z.infer<typeof ResultStatusSchema>;

/** What came back for one {@link Command}. A dispatcher returns exactly one Result per Command, in order. */
export const ResultSchema = z.object({
  status: ResultStatusSchema,
  /** The tool's result (structured content when the tool declares it, else its text/image content). */
  result: z.unknown().optional(),
  /** Why the command failed or was skipped, for people (`"<CODE>: <message>"` by convention). */
  error: z.string().nullable().optional(),
  /**
   * Machine-readable reason of a failure or skip, to match on instead of the `error` text: the tool's own error
   * code when the tool reported one (`CONTROL_ID_STALE`), else the dispatcher's (`TOOL_TIMEOUT`, `SERVER_CRASHED`,
   * `DEVICE_DISCONNECTED`, ...). Absent on success, and on Results from dispatchers that do not set it.
   */
  code: z.string().optional(),
  /** The tool-server namespace that ran (or would have run) the command. */
  namespace: z.string().nullable().optional(),
  /** The Command's `call_id`. */
  call_id: z.string(),
  /** Wall time of the call in milliseconds. */
  duration_ms: z.number().nonnegative().optional(),
  /**
   * The verdict of the policy the command passed through (a policy-enforcing dispatcher sets it): `allow`,
   * `confirm` (with `confirmed`: whether the person approved) or `deny`, the rule's id and its reason.
   */
  policy: z
    .object({
      decision: z.enum(['allow', 'confirm', 'deny']),
      rule: z.string().optional(),
      reason: z.string(),
      uncertain: z.boolean().optional(),
      confirmed: z.boolean().optional(),
    })
    .optional(),
});
/** What came back for one {@link Command} (see {@link ResultSchema}). */
export type Result = z.infer<typeof ResultSchema>;

/** A tool a dispatcher can run, as listed by its servers (`tools/list`). */
export const ToolInfoSchema = z.object({
  name: z.string(),
  description: z.string().default(''),
  /** JSON Schema of the tool's arguments. */
  input_schema: z.record(z.string(), z.unknown()).default({ type: 'object', properties: {} }),
  tool_type: ToolTypeSchema,
  namespace: z.string(),
});
/** A tool a dispatcher can run (see {@link ToolInfoSchema}). */
export type ToolInfo = z.infer<typeof ToolInfoSchema>;

let callCounter = 0;

/** Tells this process's call ids from another's (a resumed session's journal holds both). */
const PROCESS_TAG = Math.random().toString(36).slice(2, 10);

/** Builds a Command with a fresh `call_id` (unique within the process, and unlikely to repeat in another). */
export function createCommand(
  toolName: string,
  parameters: Record<string, unknown> = {},
  toolType: ToolType = 'action',
  options: { callId?: string; timeoutMs?: number } = {},
): Command {
  callCounter += 1;
  const command: Command = {
    tool_name: toolName,
    parameters,
    tool_type: toolType,
    call_id: options.callId ?? `call-${PROCESS_TAG}-${callCounter}`,
  };
  if (options.timeoutMs !== undefined) command.timeout_ms = options.timeoutMs;
  return command;
}
