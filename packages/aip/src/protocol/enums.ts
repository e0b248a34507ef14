import { z } from 'zod';

/** Types of the messages a client (device) sends. */
export const ClientMessageTypeSchema = z.enum(['register', 'task', 'heartbeat', 'command_results', 'error', 'device_info_response', 'cancel']);
/** The data {@link ClientMessageTypeSchema} validates. */
export type ClientMessageType = z.infer<typeof ClientMessageTypeSchema>;

/** Types of the messages the server sends. */
export const ServerMessageTypeSchema = z.enum(['task', 'command', 'task_end', 'heartbeat', 'error', 'device_info_request', 'cancel']);
/** The data {@link ServerMessageTypeSchema} validates. */
export type ServerMessageType = z.infer<typeof ServerMessageTypeSchema>;

/** Status values carried by messages (the original `TaskStatus`, plus `cancelled`). */
export const TaskStatusSchema = z.enum(['continue', 'completed', 'failed', 'cancelled', 'ok', 'error']);
/** The data {@link TaskStatusSchema} validates. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** How a task ended (TASK_END `status`). */
export const TaskEndStatusSchema = z.enum(['completed', 'failed', 'cancelled']);
/** The data {@link TaskEndStatusSchema} validates. */
export type TaskEndStatus = z.infer<typeof TaskEndStatusSchema>;

/** Who a client is. ufo-ts servers accept `device`; `constellation` (multi-device orchestrators) is reserved. */
export const ClientTypeSchema = z.enum(['device', 'constellation']);
/** The data {@link ClientTypeSchema} validates. */
export type ClientType = z.infer<typeof ClientTypeSchema>;

/** Platform of a device; it selects the agent kind (`linux` → LinuxAgent, `windows` → HostAgent stack). */
export const PlatformSchema = z.enum(['linux', 'windows', 'macos', 'android', 'other']);
/** The data {@link PlatformSchema} validates. */
export type Platform = z.infer<typeof PlatformSchema>;

/** Codes carried by ERROR messages, so clients can switch on them. */
export const AipErrorCodeSchema = z.enum([
  'MESSAGE_NOT_JSON',
  'MESSAGE_INVALID',
  'MESSAGE_TOO_LARGE',
  'MESSAGE_UNEXPECTED',
  'NOT_REGISTERED',
  'ALREADY_REGISTERED',
  'PROTOCOL_VERSION_MISMATCH',
  'CLIENT_ID_IN_USE',
  'CREDENTIAL_INVALID',
  'CLIENT_TYPE_UNSUPPORTED',
  'IDENTITY_MISMATCH',
  'SESSION_NOT_FOUND',
  'SESSION_NOT_OWNED',
  'SESSION_ID_IN_USE',
  'TASK_NAME_IN_USE',
  'DEVICE_BUSY',
  'RATE_LIMITED',
  'PLATFORM_UNSUPPORTED',
  'RESULTS_UNEXPECTED',
  'COMMAND_FAILED',
  'INTERNAL_ERROR',
]);
/** The data {@link AipErrorCodeSchema} validates. */
export type AipErrorCode = z.infer<typeof AipErrorCodeSchema>;
