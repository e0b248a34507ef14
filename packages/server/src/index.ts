/**
 * `@ufo-ts/server`: the ufo-ts server (`ufo serve`). Devices connect to its AIP WebSocket endpoint; the HTTP API
 * dispatches tasks to them, and the session manager runs each task as a {@link ServiceSession} whose dispatcher
 * is the device's WebSocketCommandDispatcher.
 */
export { createUfoServer, type UfoServer, type UfoServerOptions, type ServerAddress } from './ufo-server.js';
export { SessionManager } from './sessions/session-manager.js';
export type {
  SessionManagerOptions,
  StartTaskInput,
  TaskContext,
  ModelFactory,
  ServerSessionFactory,
  SessionFactory,
  SessionFactoryInput,
} from './sessions/session-manager-options.js';
export { managedSessionForPlatform } from './sessions/managed-session-for-platform.js';
export { selfAnswersFor, type SelfAnswers } from './hitl/self-answers.js';
export { guardedByPolicy, type ActionPolicy } from './sessions/policy-guard.js';
export type { SessionInstrumentation, SessionInstruments, InstrumentedTask } from './sessions/session-instrumentation.js';
export { ServiceSession, agentKindForPlatform, type ServiceSessionOptions } from './sessions/service-session.js';
export { judgeTaskEnd, type TaskStop } from './sessions/task-outcome.js';
export { ResultStore, type ResultStoreOptions } from './sessions/result-store.js';
export { claimTaskLogFolder, taskLogFolderName, LOG_FOLDER_OWNER_FILE } from './sessions/task-log-folder.js';
export { TaskOutcomeSchema, TaskRecordSchema, TaskRecordStatusSchema, type TaskOutcome, type TaskRecord, type TaskRecordStatus } from './sessions/task-record.js';
export { DispatchRequestSchema, CancelRequestSchema, type DispatchRequest, type CancelRequest } from './http/api-schemas.js';
export { createApiApp, type ApiAppOptions } from './http/api-app.js';
export { generateApiKey, apiKeyMatches, presentedApiKey } from './auth/api-key.js';
export { isOriginAllowed } from './auth/origin-policy.js';
export { isHostAllowed } from './auth/host-policy.js';
export {
  MemoryDeviceCredentialStore,
  credentialMatches,
  generateDeviceCredential,
  hashDeviceCredential,
  type CredentialCheck,
  type DeviceCredentialStore,
} from './auth/device-credentials.js';
export type { TaskBackend, ClientSummary, StartTaskRequest, TaskRef } from './scale-out/task-backend.js';
export { LocalTaskBackend, type LocalTaskBackendOptions } from './scale-out/local-task-backend.js';
export { taskPolicyOf, type TaskPolicyDefaults } from './scale-out/task-policy.js';
export type { ScaleOut, ScaleOutFactory, LocalNode, DeviceHooks, AdmitOutcome, RemoteTaskFiles } from './scale-out/scale-out.js';
export { SCREENSHOT_FILE_PATTERN } from './events/event-routes.js';
export { ClientRegistry } from './connections/client-registry.js';
export { DeviceConnection, type DeviceConnectionOptions, type PinnedIdentity } from './connections/device-connection.js';
export type { ServerEvent, ServerEventListener } from './server-events.js';
export { AnswerInvalidError, AnswerTooLargeError, BudgetExceededError, DeviceBusyError, DeviceNotFoundError, PendingIdMismatchError, PlatformUnsupportedError, RateLimitedError, ServerError, ServerListenError, ServerStoppedError, SessionCreateError, SessionIdInUseError, SessionNotFoundError, SessionOwnershipError, TaskAnsweredFirstError, TaskNameInUseError, TaskNotFoundError, TaskNotWaitingError, type ServerErrorCode } from './errors.js';
export {
  AnswerAcceptedSchema,
  AnswerRequestSchema,
  ApprovalPolicySchema,
  ApproveRequestSchema,
  HeldActionSchema,
  HumanDecisionSchema,
  MAX_APPROVAL_TIMEOUT_MS,
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
export { FileWaitingStore, WaitingEntrySchema, type WaitingEntry, type WaitingStore } from './hitl/waiting-store.js';
export { createWaitingSession, type WaitingSessionOptions } from './hitl/waiting-session.js';
export { appendAnswerLine, ANSWERS_LOG_FILE } from './hitl/answer-log.js';
export { answerLineFor, pendingInputFor, resumeDecisionFor, timeoutDecisionFor, type PendingInputSource } from './hitl/decisions.js';
export { mountTaskRoutes, TaskListQuerySchema, type TaskDesk, type TaskRoutesOptions } from './hitl/task-routes.js';
export { BudgetExceededSchema, BudgetLimitsSchema, BudgetSpendSchema, TaskBudgetSchema, budgetStopReason, tighterLimits, type BudgetExceeded, type BudgetLimits, type BudgetSpend, type TaskBudget } from './budgets/budget-schemas.js';
export { MemoryKeySpendLedger, roomForStep, type KeySpendLedger, type StepReservation } from './budgets/key-spend-ledger.js';
export { BudgetGuard, type BudgetGuardOptions } from './budgets/budget-guard.js';
export { BudgetedModel } from './budgets/budgeted-model.js';
export { appendBudgetLine, BUDGET_LOG_FILE } from './budgets/budget-log.js';
export { apiKeyIdOf, apiKeyRoleOf, DEFAULT_KEY_ID, taskOwnerKey, type ApiKeyEntry, type ApiKeyRole } from './auth/api-key-ids.js';
export * from './events/stream-event-schema.js';
export { type StreamEventBus, type StreamRecordListener, LocalStreamEventBus, type LocalStreamEventBusOptions } from './events/stream-event-bus.js';
export { ServerEventStream, type ServerEventStreamOptions } from './events/server-event-stream.js';
export { EventHub, type EventHubOptions, type HubSubscriberInput } from './events/event-hub.js';
export { StreamingLogSink, screenshotUrlOf, type StreamingLogSinkOptions } from './events/streaming-log-sink.js';
export { streamEventOfServerEvent, streamEventOfEngineEvent } from './events/server-event-translator.js';
export { compareEventIds, parseEventId } from './events/event-id.js';
export { CONSOLE_CONTENT_SECURITY_POLICY } from './console/console-routes.js';
export { trajectoryFromStreamEvents, renderStreamReport, type StreamReportOptions } from './events/stream-report.js';
