import type { ServerMessageInput } from '@ufo-ts/aip';
import type { Clock } from '@ufo-ts/core';
import type { ServerEvent } from '../server-events.js';

/**
 * What the task lifecycle needs from the transport that runs a task: a single server sends to the device's
 * WebSocket connection, a cluster worker routes the message through Redis to the node holding the device.
 *
 * @example
 * ```ts
 * const port: TaskLifecyclePort = { send: (message) => connection.send(message), emit, clock: systemClock };
 * ```
 */
export interface TaskLifecyclePort {
  /** Sends a message to the task's device; throws (or rejects) when it cannot be sent. */
  send(message: ServerMessageInput): unknown;
  /** Receives the lifecycle's server events (`task-started`, `task-waiting`, `task-resumed`, `task-ended`). */
  emit(event: ServerEvent): void;
  /** The time records and log lines are stamped with. */
  readonly clock: Clock;
}
