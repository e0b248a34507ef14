import { AipError } from '../errors.js';
import type { ServerErrorMessage, ServerHeartbeatMessage, ServerTaskMessage, TaskEndMessage } from '../protocol/server-messages.js';

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A session the server runs on this device. */
export interface TrackedTask {
  sessionId: string;
  taskName: string;
}

/**
 * The device client's view of its tasks: the session the server last started on it, the TASK requests waiting for
 * the server's acknowledgement, and the callers waiting for a TASK_END.
 */
export class TaskTracker {
  /** The session the server last started on this device and has not ended yet. */
  current: TrackedTask | undefined;
  private readonly acks = new Map<string, Deferred<TrackedTask>>();
  private readonly ends = new Map<string, Deferred<TaskEndMessage>>();

  /** Resolves when the server acknowledges the TASK request `requestId` (rejects on its ERROR). */
  expectAck(requestId: string): Promise<TrackedTask> {
    return new Promise((resolve, reject) => this.acks.set(requestId, { resolve, reject }));
  }

  /** Stops waiting for an acknowledgement (the request could not be sent). */
  forget(requestId: string): void {
    this.acks.delete(requestId);
  }

  /** Resolves with the TASK_END of a session. */
  waitForEnd(sessionId: string): Promise<TaskEndMessage> {
    return new Promise((resolve, reject) => this.ends.set(sessionId, { resolve, reject }));
  }

  /** Handles the server's TASK: its session becomes the current one. */
  started(message: ServerTaskMessage): void {
    this.current = { sessionId: message.session_id, taskName: message.task_name };
  }

  /** Handles a HEARTBEAT that may acknowledge a TASK request; true when it did. */
  acknowledged(message: ServerHeartbeatMessage): boolean {
    const waiter = message.response_id ? this.acks.get(message.response_id) : undefined;
    if (!waiter || !message.session_id) return false;
    this.acks.delete(message.response_id!);
    waiter.resolve({ sessionId: message.session_id, taskName: message.task_name ?? message.session_id });
    return true;
  }

  /** Handles an ERROR that may refuse a TASK request; true when it did. */
  refused(message: ServerErrorMessage): boolean {
    const waiter = message.response_id ? this.acks.get(message.response_id) : undefined;
    if (!waiter) return false;
    this.acks.delete(message.response_id!);
    waiter.reject(new AipError('REGISTRATION_REFUSED', `the server refused the task: ${message.code}: ${message.error}`));
    return true;
  }

  /** Handles a TASK_END: clears the current session if it is the one that ended and resolves its {@link TaskTracker.waitForEnd} waiter. */
  ended(message: TaskEndMessage): void {
    if (this.current?.sessionId === message.session_id) this.current = undefined;
    const waiter = this.ends.get(message.session_id);
    this.ends.delete(message.session_id);
    waiter?.resolve(message);
  }

  /** The connection dropped: every waiter fails with `error`, and no task is current any more. */
  failAll(error: Error): void {
    for (const waiter of this.acks.values()) waiter.reject(error);
    this.acks.clear();
    for (const waiter of this.ends.values()) waiter.reject(error);
    this.ends.clear();
    this.current = undefined;
  }
}
