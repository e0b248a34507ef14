import type { Result } from '@ufo-ts/core';
import type { TaskEndStatus } from '../protocol/enums.js';

/** What a {@link DeviceClient} reports while it runs (for logs, progress displays and tests). */
export type DeviceClientEvent =
  | { type: 'connecting'; attempt: number; url: string }
  | { type: 'registered'; serverProtocolVersion: string | undefined; heartbeatIntervalMs: number }
  | { type: 'disconnected'; code: number; reason: string; wasRegistered: boolean }
  | { type: 'reconnect-scheduled'; attempt: number; delayMs: number }
  | { type: 'gave-up'; error: string }
  | { type: 'task-started'; sessionId: string; taskName: string; request: string }
  | { type: 'task-ended'; sessionId: string; taskName: string; status: TaskEndStatus; error: string | undefined }
  | { type: 'command-start'; sessionId: string; responseId: string; tools: string[] }
  | { type: 'command-end'; sessionId: string; responseId: string; results: Result[]; durationMs: number }
  /** A COMMAND whose id already ran (or runs) arrived again: its first results are sent back, nothing runs twice. */
  | { type: 'command-repeated'; sessionId: string; responseId: string }
  | { type: 'cancel'; sessionId: string; responseId: string | undefined; reason: string; aborted: number }
  | { type: 'heartbeat-timeout'; silentMs: number }
  | { type: 'server-error'; code: string; error: string }
  | { type: 'warning'; message: string };

/** Receives each {@link DeviceClientEvent} synchronously; an error it throws is swallowed and never changes the client's behaviour. */
export type DeviceClientEventListener = (event: DeviceClientEvent) => void;
