import { serializeError, type SerializedError } from '@ufo-ts/core';
import type { ManagedSessionOutcome } from '../managed/managed-session-options.js';

/** Anything a pool can run: a managed session, a batch task, or your own. */
export interface RunnableSession {
  /** Names the task in the pool's results. */
  readonly task: string;
  /** Runs the session to its end and returns its outcome. */
  run(): Promise<ManagedSessionOutcome>;
  /**
   * Stops the session: by default once the running step finishes; with `force`, in-flight calls are aborted too.
   * May be called before `run`.
   */
  cancel(reason?: string, options?: { force?: boolean }): void;
}

/** A session, or a function that creates it when its turn comes (so resources are opened only then). */
export type SessionJob = RunnableSession | (() => RunnableSession | Promise<RunnableSession>);

/** What happened to one job. */
export interface PoolResult {
  /** Position of the job in the list given to `run`. */
  index: number;
  task?: string;
  outcome?: ManagedSessionOutcome;
  /** Set when the job could not be created or its `run` threw. */
  error?: SerializedError;
  /** True when the pool was cancelled before the job started. */
  skipped?: boolean;
}

/** Options of {@link SessionPool}. */
export interface SessionPoolOptions {
  /** How many sessions run at once (default 1). */
  concurrency?: number;
  /** Called when a job's session was created and is about to run. */
  onStart?: (index: number, session: RunnableSession) => void;
  /** Called with each job's result as soon as the job ends (also for a skipped or failed job). */
  onEnd?: (result: PoolResult) => void;
}

/**
 * Runs many sessions with a concurrency limit . Results come back in job order; a failing job does not
 * stop the others. `cancel()` cancels the running sessions and skips the ones not started.
 *
 * @example
 * ```ts
 * const pool = new SessionPool({ concurrency: 2 });
 * const results = await pool.run(requests.map((request, i) => () => factory.create({ task: `task-${i}`, request })));
 * ```
 */
export class SessionPool {
  private readonly running = new Set<RunnableSession>();
  private cancelled: { reason: string; force: boolean } | undefined;

  constructor(private readonly options: SessionPoolOptions = {}) {}

  /**
   * Runs `jobs`, at most `concurrency` at a time, and resolves with one result per job, in job order. Never
   * rejects: a job that cannot be created or whose `run` throws gets an `error`.
   */
  async run(jobs: readonly SessionJob[]): Promise<PoolResult[]> {
    const results: PoolResult[] = new Array(jobs.length);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await this.runOne(index, jobs[index]!);
        this.options.onEnd?.(results[index]!);
      }
    };
    const width = Math.max(1, Math.min(this.options.concurrency ?? 1, jobs.length));
    await Promise.all(Array.from({ length: width }, worker));
    return results;
  }

  /** Cancels the running sessions (see `ManagedSession.cancel`) and skips the rest. */
  cancel(reason = 'cancelled', options: { force?: boolean } = {}): void {
    this.cancelled = { reason, force: options.force ?? false };
    for (const session of this.running) session.cancel(reason, options);
  }

  /** How many sessions are running now. */
  get active(): number {
    return this.running.size;
  }

  private cancellation(): { reason: string; force: boolean } | undefined {
    return this.cancelled;
  }

  private async runOne(index: number, job: SessionJob): Promise<PoolResult> {
    if (this.cancelled) return { index, skipped: true };
    let session: RunnableSession;
    try {
      session = typeof job === 'function' ? await job() : job;
    } catch (error) {
      return { index, error: serializeError(error) };
    }
    this.running.add(session);
    this.options.onStart?.(index, session);
    const cancelled = this.cancellation();
    if (cancelled) session.cancel(cancelled.reason, { force: cancelled.force });
    try {
      return { index, task: session.task, outcome: await session.run() };
    } catch (error) {
      return { index, task: session.task, error: serializeError(error) };
    } finally {
      this.running.delete(session);
    }
  }
}
