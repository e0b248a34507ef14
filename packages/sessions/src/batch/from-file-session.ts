import { errorMessage } from '@ufo-ts/core';
import type { ManagedSessionOutcome } from '../managed/managed-session-options.js';
import type { RunnableSession } from '../pool/session-pool.js';
import { readRequestFile, type BatchTask } from './request-file.js';
import type { TaskStatusFile } from './task-status-file.js';

/** Options of {@link FromFileSession}. */
export interface FromFileSessionOptions {
  /** The request file. */
  file: string;
  /** Where the outcome is recorded (the batch's `tasks_status.json`). */
  status?: TaskStatusFile;
  /** Creates the session for the task (normal for a request, follower for a plan). */
  create: (task: BatchTask) => RunnableSession | Promise<RunnableSession>;
}

/**
 * One batch task: reads its request file, runs the session the factory makes
 * for it, and records the outcome in the status file. An invalid file is recorded as `invalid` and rethrown.
 */
export class FromFileSession implements RunnableSession {
  readonly task: string;
  private inner: RunnableSession | undefined;
  private cancelled: { reason: string; force: boolean } | undefined;

  constructor(private readonly options: FromFileSessionOptions) {
    this.task = options.file;
  }

  /**
   * Reads the request file, runs the session made for it and records the outcome (`failed` when the session
   * throws, then rethrows).
   */
  async run(): Promise<ManagedSessionOutcome> {
    const name = this.options.file.split(/[\\/]/).pop() ?? this.options.file;
    let task: BatchTask;
    try {
      task = readRequestFile(this.options.file);
    } catch (error) {
      await this.options.status?.set(name, { status: 'invalid', error: errorMessage(error) });
      throw error;
    }
    this.inner = await this.options.create(task);
    if (this.cancelled) this.inner.cancel(this.cancelled.reason, { force: this.cancelled.force });
    try {
      const outcome = await this.inner.run();
      await this.options.status?.set(task.name, {
        status: outcome.status,
        ...(outcome.rounds.at(-1) ? { finalState: outcome.rounds.at(-1)!.finalState } : {}),
        ...(outcome.logFolder ? { logFolder: outcome.logFolder } : {}),
        cost: outcome.cost,
        ...(outcome.failure ? { error: outcome.failure.message } : {}),
      });
      return outcome;
    } catch (error) {
      await this.options.status?.set(task.name, { status: 'failed', error: errorMessage(error) });
      throw error;
    }
  }

  /** Cancels the task's session, or the session it will create if it has not started yet. */
  cancel(reason = 'cancelled', options: { force?: boolean } = {}): void {
    this.cancelled = { reason, force: options.force ?? false };
    this.inner?.cancel(reason, options);
  }
}
