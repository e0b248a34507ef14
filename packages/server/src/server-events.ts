import type { RemoteDispatcherEvent } from '@ufo-ts/aip';
import type { EngineEvent } from '@ufo-ts/core';
import type { ScaleOutEvent } from './scale-out/scale-out-events.js';
import type { TaskRecordStatus } from './sessions/task-record.js';

/** What a {@link UfoServer} reports (for its log and for tests). Nothing in the server prints. */
export type ServerEvent =
  | { type: 'listening'; host: string; port: number }
  | { type: 'connection-refused'; remote: string; status: number; reason: string }
  | { type: 'client-registered'; clientId: string; platform: string; remote: string }
  | { type: 'client-disconnected'; clientId: string | undefined; code: number; reason: string }
  | { type: 'protocol-error'; clientId: string | undefined; code: string; error: string }
  | { type: 'heartbeat-timeout'; clientId: string | undefined; silentMs: number }
  /** A peer that does not read its messages was disconnected (its own backlog, or the server-wide ceiling). */
  | { type: 'slow-reader-disconnected'; clientId: string | undefined; reason: string }
  /**
   * The server's inbound bytes (frames being received, all connections together) passed their ceiling: reading
   * from the largest sender was `paused`, or it was `disconnected` because the total stayed over the ceiling.
   */
  | { type: 'inbound-limit'; clientId: string | undefined; action: 'paused' | 'disconnected'; reason: string }
  /** A liveness probe of a client id's holder (started by a duplicate registration) ended: kept or dropped. */
  | { type: 'probe-ended'; clientId: string; alive: boolean }
  | { type: 'client-error'; clientId: string; code: string | undefined; error: string }
  /** A task waits in the cluster's queue for a worker (cluster mode; a single server starts tasks at once). */
  | { type: 'task-queued'; taskName: string; sessionId: string; clientId: string; owner: string }
  | { type: 'task-started'; taskName: string; sessionId: string; clientId: string; owner: string }
  | { type: 'task-ended'; taskName: string; sessionId: string; clientId: string; status: TaskRecordStatus; error: string | undefined }
  /** A task paused for a person: a held sensitive action (`confirmation`) or `questions`, named by `pendingId`. */
  | { type: 'task-waiting'; taskName: string; sessionId: string; clientId: string; pendingId: string; kind: 'confirmation' | 'questions' }
  /** A waiting task got its answer and runs again. */
  | { type: 'task-resumed'; taskName: string; sessionId: string; clientId: string; pendingId: string; decision: 'approve' | 'reject' | 'answer' }
  | { type: 'remote-dispatcher'; taskName: string; event: RemoteDispatcherEvent }
  | { type: 'results-ignored'; clientId: string; sessionId: string; reason: string }
  | { type: 'engine'; taskName: string; event: EngineEvent }
  /** What a scale-out extension (cluster mode) reports: `name` says what happened, `detail` the specifics. */
  | ScaleOutEvent;

/** A callback that receives each {@link ServerEvent}. */
export type ServerEventListener = (event: ServerEvent) => void;
