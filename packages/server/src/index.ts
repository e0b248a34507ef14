/**
 * `@ufo-ts/server`: the ufo-ts server (`ufo serve`). Devices connect to its AIP WebSocket endpoint; the HTTP API
 * dispatches tasks to them, and the session manager runs each task as a Linux or host session whose dispatcher
 * is the device's WebSocketCommandDispatcher ({@link ServiceSession} is the building block of custom sessions).
 *
 * This entry is what an application embedding the server uses: {@link createUfoServer} with its options and result,
 * the errors it throws, the events it reports, the schemas of its HTTP API and live event stream, and the types
 * those name. The plumbing `@ufo-ts/cluster` builds on is in `@ufo-ts/server/internal`, which is not a stable API.
 */
export { createUfoServer, type UfoServer, type UfoServerOptions, type ServerAddress } from './ufo-server.js';
export { SessionManager } from './sessions/session-manager.js';
export type {
  SessionManagerOptions,
  StartTaskInput,
  TaskContext,
  ModelFactory,
  ServerSessionFactory,
  SessionFactoryInput,
} from './sessions/session-manager-options.js';
export type { ActionPolicy } from './sessions/policy-guard.js';
export type { SelfAnswers } from './hitl/self-answers.js';
export type { SessionInstrumentation, SessionInstruments, InstrumentedTask } from './sessions/session-instrumentation.js';
export { ServiceSession, type ServiceSessionOptions } from './sessions/service-session.js';
export { ResultStore, type ResultStoreOptions } from './sessions/result-store.js';
export {
  TaskOutcomeSchema,
  TaskRecordSchema,
  TaskRecordStatusSchema,
  type TaskOutcome,
  type TaskRecord,
  type TaskRecordStatus,
} from './sessions/task-record.js';
export { DispatchRequestSchema, CancelRequestSchema, type DispatchRequest, type CancelRequest } from './http/api-schemas.js';
export { MemoryDeviceCredentialStore, type CredentialCheck, type DeviceCredentialStore } from './auth/device-credentials.js';
export type { ApiKeyEntry, ApiKeyRole } from './auth/api-key-ids.js';
export type { TaskBackend, ClientSummary, StartTaskRequest, TaskRef } from './scale-out/task-backend.js';
export type { ScaleOut, ScaleOutFactory, LocalNode, DeviceHooks, AdmitOutcome, RemoteTaskFiles } from './scale-out/scale-out.js';
export { SCREENSHOT_FILE_PATTERN } from './events/event-routes.js';
export { ClientRegistry } from './connections/client-registry.js';
export { DeviceConnection, type DeviceConnectionOptions, type PinnedIdentity } from './connections/device-connection.js';
export type { ServerEvent, ServerEventListener } from './server-events.js';
export {
  scaleOutEvent,
  type ScaleOutEvent,
  type ScaleOutEventName,
  type ScaleOutEventDetail,
  type ScaleOutEventNamed,
  type CommandScaleOutEvent,
  type RoutedDispatcherEvent,
} from './scale-out/scale-out-events.js';
export {
  AnswerInvalidError,
  AnswerTooLargeError,
  BudgetExceededError,
  DeviceBusyError,
  DeviceNotFoundError,
  PendingIdMismatchError,
  PlatformUnsupportedError,
  RateLimitedError,
  ServerError,
  ServerListenError,
  ServerStoppedError,
  SessionCreateError,
  SessionIdInUseError,
  SessionNotFoundError,
  SessionOwnershipError,
  TaskAnsweredFirstError,
  TaskNameInUseError,
  TaskNotFoundError,
  TaskNotWaitingError,
  type ServerErrorCode,
} from './errors.js';
export {
  AnswerAcceptedSchema,
  AnswerRequestSchema,
  ApprovalPolicySchema,
  ApproveRequestSchema,
  HeldActionSchema,
  HumanDecisionSchema,
  PendingInputSchema,
  RejectRequestSchema,
  type AnswerAccepted,
  type AnswerRequest,
  type ApprovalPolicy,
  type ApprovalPolicyInput,
  type ApproveRequest,
  type HeldAction,
  type HumanDecision,
  type PendingInput,
  type RejectRequest,
} from './hitl/hitl-schemas.js';
export { WaitingEntrySchema, type WaitingEntry, type WaitingStore } from './hitl/waiting-store.js';
export { TaskListQuerySchema, type TaskDesk } from './hitl/task-routes.js';
export {
  BudgetExceededSchema,
  BudgetLimitsSchema,
  BudgetSpendSchema,
  TaskBudgetSchema,
  type BudgetExceeded,
  type BudgetLimits,
  type BudgetSpend,
  type TaskBudget,
} from './budgets/budget-schemas.js';
export { MemoryKeySpendLedger, type KeySpendLedger, type StepReservation } from './budgets/key-spend-ledger.js';
export * from './events/stream-event-schema.js';
export { LocalStreamEventBus, type LocalStreamEventBusOptions, type StreamEventBus, type StreamRecordListener } from './events/stream-event-bus.js';
export { ServerEventStream, type ServerEventStreamOptions } from './events/server-event-stream.js';
export { EventHub, type EventHubOptions, type HubSubscriberInput } from './events/event-hub.js';
export { trajectoryFromStreamEvents, renderStreamReport, type StreamReportOptions } from './events/stream-report.js';
