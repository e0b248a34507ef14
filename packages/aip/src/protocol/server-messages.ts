import { CommandSchema } from '@ufo-ts/core';
import { z } from 'zod';
import { AipErrorCodeSchema, TaskEndStatusSchema } from './enums.js';
import { MessageIdSchema, MetadataSchema, SessionIdSchema, TaskNameSchema, TextSchema, TimestampSchema } from './identifiers.js';
import { MAX_COMMANDS_PER_MESSAGE } from './limits.js';
import { TraceContextSchema } from './trace-context.js';

const serverCommon = {
  timestamp: TimestampSchema.optional(),
  metadata: MetadataSchema.optional(),
};

/** The server tells a device that a task (a session) now runs on it. */
export const ServerTaskMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('task'),
  status: z.literal('continue').default('continue'),
  session_id: SessionIdSchema,
  task_name: TaskNameSchema,
  /** The user request the session works on. */
  user_request: TextSchema,
  response_id: MessageIdSchema,
});
/** The data {@link ServerTaskMessageSchema} validates. */
export type ServerTaskMessage = z.infer<typeof ServerTaskMessageSchema>;

/**
 * Commands for the device to run, in order, on the tool servers of `agent_name` / `root_name` / `process_name`. The
 * device answers with exactly one COMMAND_RESULTS whose `prev_response_id` is this `response_id`.
 */
export const ServerCommandMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('command'),
  status: z.literal('continue').default('continue'),
  session_id: SessionIdSchema,
  task_name: TaskNameSchema.optional(),
  response_id: MessageIdSchema,
  /** Agent kind the tools are routed by (`HostAgent`, `AppAgent`, `LinuxAgent`, ...). */
  agent_name: z.string().min(1).max(128),
  root_name: z.string().max(256).optional(),
  process_name: z.string().max(256).optional(),
  actions: z.array(CommandSchema).min(1).max(MAX_COMMANDS_PER_MESSAGE),
  /** After the first failure, skip the rest of the batch. */
  stop_on_failure: z.boolean().default(false),
  /**
   * W3C trace context per action, by position in `actions` (`null` for an action without one): the server's span
   * of each command, which the device's span of the same command continues. Absent when the server does not trace.
   */
  trace_contexts: z.array(TraceContextSchema.nullable()).max(MAX_COMMANDS_PER_MESSAGE).optional(),
});
/** The data {@link ServerCommandMessageSchema} validates. */
export type ServerCommandMessage = z.infer<typeof ServerCommandMessageSchema>;

/** A session ended; `result` holds the session's round results. */
export const TaskEndMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('task_end'),
  status: TaskEndStatusSchema,
  session_id: SessionIdSchema,
  task_name: TaskNameSchema,
  result: z.unknown().optional(),
  error: TextSchema.optional(),
});
/** The data {@link TaskEndMessageSchema} validates. */
export type TaskEndMessage = z.infer<typeof TaskEndMessageSchema>;

/**
 * Heartbeat answer. Also the acknowledgement of REGISTER (then `response_id` echoes its `request_id` and the
 * server's `protocol_version` and `heartbeat_interval_ms` are set) and of a client TASK (with the `session_id`).
 */
export const ServerHeartbeatMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('heartbeat'),
  status: z.literal('ok').default('ok'),
  response_id: MessageIdSchema.optional(),
  session_id: SessionIdSchema.optional(),
  task_name: TaskNameSchema.optional(),
  protocol_version: z.string().max(64).optional(),
  /** How often the server expects a heartbeat from the device. */
  heartbeat_interval_ms: z.number().int().positive().optional(),
});
/** The data {@link ServerHeartbeatMessageSchema} validates. */
export type ServerHeartbeatMessage = z.infer<typeof ServerHeartbeatMessageSchema>;

/** The server refused or could not handle a message. */
export const ServerErrorMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('error'),
  status: z.literal('error').default('error'),
  code: AipErrorCodeSchema,
  error: TextSchema,
  /** The `request_id` (or `prev_response_id`) of the message this answers, when known. */
  response_id: MessageIdSchema.optional(),
  session_id: SessionIdSchema.optional(),
  /** True when the server closes the connection after this message. */
  fatal: z.boolean().default(false),
});
/** The data {@link ServerErrorMessageSchema} validates. */
export type ServerErrorMessage = z.infer<typeof ServerErrorMessageSchema>;

/** The server asks a device for fresh device information. */
export const DeviceInfoRequestMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('device_info_request'),
  request_id: MessageIdSchema,
});
/** The data {@link DeviceInfoRequestMessageSchema} validates. */
export type DeviceInfoRequestMessage = z.infer<typeof DeviceInfoRequestMessageSchema>;

/** The server cancels a session's in-flight work on the device (one COMMAND when `response_id` is set). */
export const ServerCancelMessageSchema = z.object({
  ...serverCommon,
  type: z.literal('cancel'),
  session_id: SessionIdSchema,
  response_id: MessageIdSchema.optional(),
  reason: TextSchema,
});
/** The data {@link ServerCancelMessageSchema} validates. */
export type ServerCancelMessage = z.infer<typeof ServerCancelMessageSchema>;

/** Every message the server may send, discriminated by `type`. */
export const ServerMessageSchema = z.discriminatedUnion('type', [
  ServerTaskMessageSchema,
  ServerCommandMessageSchema,
  TaskEndMessageSchema,
  ServerHeartbeatMessageSchema,
  ServerErrorMessageSchema,
  DeviceInfoRequestMessageSchema,
  ServerCancelMessageSchema,
]);
/** The data {@link ServerMessageSchema} validates. */
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
/** A server message as written by senders (defaults not applied yet). */
export type ServerMessageInput = z.input<typeof ServerMessageSchema>;
