import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SessionPool, type PoolResult, type RunnableSession } from '../pool/session-pool.js';
import { FromFileSession } from './from-file-session.js';
import type { BatchTask } from './request-file.js';
import { TaskStatusFile } from './task-status-file.js';

/** Options of {@link BatchRun}. */
export interface BatchRunOptions {
  /** The folder of request files (`*.json`, run in name order). */
  folder: string;
  /** The status file (`TASK_STATUS_FILE`, default `<folder>/tasks_status.json`). */
  statusFile?: string;
  /** How many tasks run at once (default 1). */
  concurrency?: number;
  /** Run tasks that finished in an earlier run too (default false). */
  rerunFinished?: boolean;
  /** Creates the session of one task. */
  create: (task: BatchTask) => RunnableSession | Promise<RunnableSession>;
  /** Called with the request file's name when its task starts. */
  onTaskStart?: (file: string) => void;
  /** Called with the request file's name and its result when its task ends. */
  onTaskEnd?: (file: string, result: PoolResult) => void;
}

/** What a batch did. */
export interface BatchOutcome {
  /** Request files run this time, with their results. */
  ran: Array<{ file: string; result: PoolResult }>;
  /** Request files skipped because they finished in an earlier run. */
  skipped: string[];
  statusFile: string;
}

/**
 * A batch (`batch` mode): one session per request file in a folder, at most `concurrency` at a time, each outcome
 * recorded in the status file so a rerun skips the finished ones.
 *
 * @example
 * ```ts
 * const batch = new BatchRun({ folder: 'requests', concurrency: 2, create: (task) => factory.create({ task: task.task, request: task.request }) });
 * // `SessionFactory.createBatch({ folder: 'requests' })` builds the same, follower plans included
 * const { ran, skipped } = await batch.run();
 * ```
 */
export class BatchRun {
  readonly statusFile: TaskStatusFile;
  private readonly pool: SessionPool;
  private readonly files: string[] = [];

  constructor(private readonly options: BatchRunOptions) {
    this.statusFile = new TaskStatusFile(options.statusFile ?? join(options.folder, 'tasks_status.json'));
    this.pool = new SessionPool({
      concurrency: options.concurrency ?? 1,
      onStart: (index) => options.onTaskStart?.(this.files[index]!),
      onEnd: (result) => options.onTaskEnd?.(this.files[result.index]!, result),
    });
  }

  /**
   * Runs the request files of the folder (skipping finished ones unless `rerunFinished`) and resolves when all
   * ended; each task's outcome is also written to the status file.
   */
  async run(): Promise<BatchOutcome> {
    const statusName = this.statusFile.path.split(/[\\/]/).pop();
    const all = readdirSync(this.options.folder)
      .filter((name) => name.endsWith('.json') && name !== statusName)
      .sort();
    const skipped = this.options.rerunFinished ? [] : all.filter((name) => this.statusFile.isFinished(name));
    this.files.push(...all.filter((name) => !skipped.includes(name)));
    const results = await this.pool.run(
      this.files.map((name) => () => new FromFileSession({ file: join(this.options.folder, name), status: this.statusFile, create: this.options.create })),
    );
    return { ran: results.map((result, i) => ({ file: this.files[i]!, result })), skipped, statusFile: this.statusFile.path };
  }

  /** Cancels the running tasks and skips the rest (they run on the next rerun). */
  cancel(reason = 'cancelled', options: { force?: boolean } = {}): void {
    this.pool.cancel(reason, options);
  }
}
