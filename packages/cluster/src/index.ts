/**
 * `@ufo-ts/cluster`: cluster mode of the ufo-ts server (`ufo serve --redis redis://…`). Many server nodes share one
 * Redis 7: sessions are BullMQ jobs with their checkpoint saved after every step (a dead worker's session continues
 * on another node), each device's node keeps a presence lease, and commands reach the node holding a device over
 * sharded pub/sub. Pass {@link createRedisScaleOut} as `scaleOut` to `createUfoServer`.
 */
export { createRedisScaleOut, type RedisScaleOutOptions, type ClusterNode } from './redis-scale-out.js';
export { ClusterError, type ClusterErrorCode } from './errors.js';
export { ClusterKeys, jobIdFor } from './keys.js';
export {
  CancelBroadcastSchema,
  ClusterAnswerSchema,
  ClusterTaskRecordSchema,
  DeviceEnvelopeSchema,
  DeviceLeaseSchema,
  JobAttemptSchema,
  NodeReplySchema,
  SessionJobDataSchema,
  TaskFileMessageSchema,
  parseJson,
  type CancelBroadcast,
  type ClusterAnswer,
  type ClusterTaskRecord,
  type DeviceEnvelope,
  type DeviceEnvelopeInput,
  type DeviceLease,
  type NodeReply,
  type SessionJobData,
  type TaskFileMessage,
} from './messages.js';
export { TaskFileExchange, type TaskFileExchangeOptions } from './files/task-file-exchange.js';
export { readOwnTaskFile, type TaskFileReadRequest, type TaskFileReadOutcome } from './files/task-file-reader.js';
export { connectRedis, isClusterUrl, type RedisClient, type RedisConnectOptions } from './redis/redis-connections.js';
export { MessageBus, type MessageBusOptions } from './redis/message-bus.js';
export { RedisStreamEventBus, type RedisStreamEventBusOptions } from './redis/redis-stream-event-bus.js';
export { DevicePresence, type DevicePresenceOptions, type RenewOutcome, type ClaimOutcome } from './presence/device-presence.js';
export { RedisDeviceCredentialStore } from './presence/redis-credential-store.js';
export { DeviceRelay, type DeviceRelayOptions } from './routing/device-relay.js';
export { CommandRouter, type CommandRouterOptions, type PendingReply } from './routing/command-router.js';
export { RoutedCommandDispatcher, type RoutedCommandDispatcherOptions } from './routing/routed-command-dispatcher.js';
/** What a {@link RoutedCommandDispatcher} reports (defined by the server, whose scale-out events carry it). */
export type { RoutedDispatcherEvent } from '@ufo-ts/server';
export type { ClusterTaskContext, ClusterModelFactory } from './queue/cluster-task-context.js';
export { JobCheckpointStore, type CheckpointJob } from './queue/job-checkpoint-store.js';
export { RedisActionJournal, type RedisActionJournalOptions } from './queue/redis-action-journal.js';
export { RedisActionCacheStore, type RedisActionCacheStoreOptions } from './queue/redis-action-cache-store.js';
export { ClusterTaskBackend, type ClusterTaskBackendOptions } from './queue/cluster-task-backend.js';
export { SessionWorker, type SessionWorkerOptions, type LockTimings } from './queue/session-worker.js';
export { buildClusterSession, type ClusterSessionInput, type ClusterSessionOptions } from './queue/cluster-session-builder.js';
export { WaitingJobs, type WaitingJobsOptions } from './queue/waiting-jobs.js';
export { recordOf } from './queue/job-record.js';
export { ClusterTaskDesk, type ClusterTaskDeskOptions } from './hitl/cluster-task-desk.js';
export { RedisKeySpendLedger, type RedisKeySpendLedgerOptions } from './budgets/redis-key-spend-ledger.js';
