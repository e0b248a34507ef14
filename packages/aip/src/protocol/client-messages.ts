import { ResultSchema } from '@ufo-ts/core';
import { z } from 'zod';
import { DeviceInfoSchema } from './device-info.js';
import { ClientTypeSchema, PlatformSchema, TaskStatusSchema } from './enums.js';
import { ClientIdSchema, MessageIdSchema, MetadataSchema, SessionIdSchema, TaskNameSchema, TextSchema, TimestampSchema } from './identifiers.js';
import { MAX_COMMANDS_PER_MESSAGE } from './limits.js';

/** Fields every client message may carry. `client_id`/`client_type`, when present, must match the registration. */
const clientCommon = {
  client_id: ClientIdSchema.optional(),
  client_type: ClientTypeSchema.optional(),
  timestamp: TimestampSchema.optional(),
  metadata: MetadataSchema.optional(),
};

/** The first message of every connection: who the device is and which protocol version it speaks. */
export const RegisterMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('register'),
  /** The AIP protocol version the client speaks (checked by the server; a mismatch is refused). */
  protocol_version: z.string().min(1).max(64),
  client_id: ClientIdSchema,
  client_type: ClientTypeSchema.default('device'),
  platform: PlatformSchema,
  device_info: DeviceInfoSchema,
  /**
   * The device's own credential, issued for this `client_id` by the server's API. Required by servers that
   * demand device credentials, and for every client id that has one issued; it proves a reconnect is the device.
   */
  credential: z.string().min(1).max(512).optional(),
  /** Echoed as `response_id` in the server's confirmation. */
  request_id: MessageIdSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link RegisterMessageSchema} validates. */
export type RegisterMessage = z.infer<typeof RegisterMessageSchema>;

/** A device asks the server to run a task on the device itself (acknowledged by a HEARTBEAT with the session id). */
export const ClientTaskMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('task'),
  request: TextSchema.min(1),
  task_name: TaskNameSchema.optional(),
  /** A session id of the device's choosing; it must not belong to someone else. */
  session_id: SessionIdSchema.optional(),
  request_id: MessageIdSchema,
  status: TaskStatusSchema.optional(),
});
/** The data {@link ClientTaskMessageSchema} validates. */
export type ClientTaskMessage = z.infer<typeof ClientTaskMessageSchema>;

/** Keeps the connection alive; answered by a server HEARTBEAT. */
export const ClientHeartbeatMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('heartbeat'),
  request_id: MessageIdSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link ClientHeartbeatMessageSchema} validates. */
export type ClientHeartbeatMessage = z.infer<typeof ClientHeartbeatMessageSchema>;

/** The results of one COMMAND message, correlated by `prev_response_id` = the COMMAND's `response_id`. */
export const CommandResultsMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('command_results'),
  session_id: SessionIdSchema,
  prev_response_id: MessageIdSchema,
  action_results: z.array(ResultSchema).max(MAX_COMMANDS_PER_MESSAGE),
  request_id: MessageIdSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link CommandResultsMessageSchema} validates. */
export type CommandResultsMessage = z.infer<typeof CommandResultsMessageSchema>;

/** A problem on the device side (e.g. a server message it could not understand). */
export const ClientErrorMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('error'),
  error: TextSchema,
  code: z.string().max(64).optional(),
  session_id: SessionIdSchema.optional(),
  prev_response_id: MessageIdSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link ClientErrorMessageSchema} validates. */
export type ClientErrorMessage = z.infer<typeof ClientErrorMessageSchema>;

/** The device's answer to a DEVICE_INFO_REQUEST (or an unsolicited update when `prev_response_id` is absent). */
export const DeviceInfoResponseMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('device_info_response'),
  device_info: DeviceInfoSchema,
  prev_response_id: MessageIdSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link DeviceInfoResponseMessageSchema} validates. */
export type DeviceInfoResponseMessage = z.infer<typeof DeviceInfoResponseMessageSchema>;

/** A device cancels one of its own sessions. */
export const ClientCancelMessageSchema = z.object({
  ...clientCommon,
  type: z.literal('cancel'),
  session_id: SessionIdSchema,
  reason: TextSchema.optional(),
  status: TaskStatusSchema.optional(),
});
/** The data {@link ClientCancelMessageSchema} validates. */
export type ClientCancelMessage = z.infer<typeof ClientCancelMessageSchema>;

/** Every message a client may send, discriminated by `type`. */
export const ClientMessageSchema = z.discriminatedUnion('type', [
  RegisterMessageSchema,
  ClientTaskMessageSchema,
  ClientHeartbeatMessageSchema,
  CommandResultsMessageSchema,
  ClientErrorMessageSchema,
  DeviceInfoResponseMessageSchema,
  ClientCancelMessageSchema,
]);
/** The data {@link ClientMessageSchema} validates. */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
/** A client message as written by senders (defaults not applied yet). */
export type ClientMessageInput = z.input<typeof ClientMessageSchema>;
