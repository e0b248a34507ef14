/**
 * `@ufo-ts/aip`: the Agent Interaction Protocol. Zod schemas of every message (with a JSON Schema export), the
 * protocol version and size limit, the {@link WebSocketCommandDispatcher} a server uses to run a session's
 * commands on a remote device, and the {@link DeviceClient} a device runs (`ufo client`).
 */
export { AIP_PROTOCOL_VERSION, checkProtocolVersion, type ProtocolVersionCheck } from './protocol/protocol-version.js';
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_CONTROL_MESSAGE_BYTES,
  MAX_TEXT_CHARS,
  MAX_COMMANDS_PER_MESSAGE,
  MAX_METADATA_BYTES,
  MAX_METADATA_DEPTH,
} from './protocol/limits.js';
export { PROTOCOL_DEFAULTS } from './protocol/protocol-defaults.js';
export { prescanJson, MAX_JSON_DEPTH, type PrescanResult } from './protocol/json-prescan.js';
export {
  AipErrorCodeSchema,
  ClientMessageTypeSchema,
  ClientTypeSchema,
  PlatformSchema,
  ServerMessageTypeSchema,
  TaskEndStatusSchema,
  TaskStatusSchema,
  type AipErrorCode,
  type ClientMessageType,
  type ClientType,
  type Platform,
  type ServerMessageType,
  type TaskEndStatus,
  type TaskStatus,
} from './protocol/enums.js';
export { ClientIdSchema, MessageIdSchema, MetadataSchema, SessionIdSchema, TaskNameSchema, TextSchema, TimestampSchema } from './protocol/identifiers.js';
export { DeviceInfoSchema, type DeviceInfo, type DeviceInfoInput } from './protocol/device-info.js';
export {
  ClientCancelMessageSchema,
  ClientErrorMessageSchema,
  ClientHeartbeatMessageSchema,
  ClientMessageSchema,
  ClientTaskMessageSchema,
  CommandResultsMessageSchema,
  DeviceInfoResponseMessageSchema,
  RegisterMessageSchema,
  type ClientCancelMessage,
  type ClientErrorMessage,
  type ClientHeartbeatMessage,
  type ClientMessage,
  type ClientMessageInput,
  type ClientTaskMessage,
  type CommandResultsMessage,
  type DeviceInfoResponseMessage,
  type RegisterMessage,
} from './protocol/client-messages.js';
export {
  DeviceInfoRequestMessageSchema,
  ServerCancelMessageSchema,
  ServerCommandMessageSchema,
  ServerErrorMessageSchema,
  ServerHeartbeatMessageSchema,
  ServerMessageSchema,
  ServerTaskMessageSchema,
  TaskEndMessageSchema,
  type DeviceInfoRequestMessage,
  type ServerCancelMessage,
  type ServerCommandMessage,
  type ServerErrorMessage,
  type ServerHeartbeatMessage,
  type ServerMessage,
  type ServerMessageInput,
  type ServerTaskMessage,
  type TaskEndMessage,
} from './protocol/server-messages.js';
export {
  decodeClientMessage,
  decodeServerMessage,
  encodeClientMessage,
  encodeServerMessage,
  describeIssues,
  utf8Length,
  type DecodeOptions,
  type DecodeResult,
} from './protocol/codec.js';
export { aipJsonSchema } from './protocol/json-schema.js';
export { TraceContextSchema, traceContextsOf, type TraceContext, type TracedExecuteOptions } from './protocol/trace-context.js';
export {
  AipChannelClosedError,
  AipError,
  AipMessageTooLargeError,
  DeviceClientStoppedError,
  RegistrationRefusedError,
  RemoteListToolsError,
  type AipClientErrorCode,
} from './errors.js';
export type { AipChannel } from './dispatcher/aip-channel.js';
export { listRemoteTools } from './dispatcher/list-remote-tools.js';
export type { RemoteDispatcherEvent, RemoteDispatcherEventListener } from './dispatcher/dispatcher-events.js';
export {
  WebSocketCommandDispatcher,
  type WebSocketCommandDispatcherOptions,
  type AcceptResultsOutcome,
  type RemoteFailureCode,
} from './dispatcher/websocket-command-dispatcher.js';
export { backoffDelay, type BackoffOptions } from './client/backoff.js';
export { collectDeviceInfo, agentKindsFor, type CollectDeviceInfoOptions } from './client/device-info-provider.js';
export { CommandRunner } from './client/command-runner.js';
export { CommandDeduplicator, type DedupOutcome } from './client/command-dedup.js';
export type { DeviceClientEvent, DeviceClientEventListener } from './client/device-client-events.js';
export { DeviceClient, type DeviceClientState, type RequestedTask } from './client/device-client.js';
export type { DeviceClientOptions } from './client/device-client-options.js';
export { TaskTracker, type TrackedTask } from './client/task-tracker.js';
