import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { systemClock, type Clock } from '@ufo-ts/core';
import { z } from 'zod';
import { SessionError } from '../errors.js';

/** The status of one batch task. */
export const BatchTaskStatusSchema = z.object({
  /** `completed` tasks are skipped on a rerun; every other status runs again. */
  status: z.enum(['completed', 'incomplete', 'error', 'failed', 'cancelled', 'waiting', 'invalid']),
  /** True for `completed` (the original's boolean). */
  finished: z.boolean(),
  finalState: z.string().optional(),
  logFolder: z.string().optional(),
  cost: z.number().optional(),
  error: z.string().optional(),
  updatedAt: z.string(),
});
/** The data {@link BatchTaskStatusSchema} validates. */
export type BatchTaskStatus = z.infer<typeof BatchTaskStatusSchema>;

const StatusFileSchema = z.record(z.string(), BatchTaskStatusSchema);

/**
 * `tasks_status.json` (`TASK_STATUS_FILE`): request file name → status. Updates from concurrent sessions are
 * applied one at a time and each write is atomic, so a crash never leaves a half-written file.
 */
export class TaskStatusFile {
  private queue: Promise<void> = Promise.resolve();

  /** @param clock stamps each status's `updatedAt` (default the system clock). */
  constructor(
    readonly path: string,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The current statuses (empty when the file does not exist). */
  read(): Record<string, BatchTaskStatus> {
    if (!existsSync(this.path)) return {};
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (error) {
      throw new SessionError('REQUEST_FILE_INVALID', `${this.path} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const parsed = StatusFileSchema.safeParse(raw);
    if (!parsed.success)
      throw new SessionError('REQUEST_FILE_INVALID', `${this.path} is not a task status file:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
    return parsed.data;
  }

  /** True when the task finished in an earlier run. */
  isFinished(name: string): boolean {
    return this.read()[name]?.finished === true;
  }

  /** Records one task's status. */
  set(name: string, status: Omit<BatchTaskStatus, 'finished' | 'updatedAt'>): Promise<void> {
    const write = this.queue.then(() => {
      const all = this.read();
      all[name] = { ...status, finished: status.status === 'completed', updatedAt: new Date(this.clock.now()).toISOString() };
      mkdirSync(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
      renameSync(tmp, this.path);
    });
    this.queue = write.catch(() => undefined);
    return write;
  }
}
