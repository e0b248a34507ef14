import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '@ufo-ts/core';
import { BoundedMap } from '@ufo-ts/core/internal';
import type { TokenBuckets } from '../connections/token-bucket.js';
import { RateLimitedError } from '../errors.js';
import { taskLogFolderName } from '../sessions/task-log-folder.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { ClientSummary, StartTaskRequest, TaskBackend, TaskRef } from './task-backend.js';

/** Options of {@link DeviceLimitedTaskBackend}. */
export interface DeviceLimitedTaskBackendOptions {
  /** Tasks per device (client id), whoever starts them (the device itself or the HTTP API). */
  taskRate: TokenBuckets;
  /** Bytes the log folders of a device's tasks started within `windowMs` may hold before new tasks are refused. */
  logBytes: { maxBytes: number; windowMs: number };
  /** The log root the task folders are in. */
  logRoot: string;
  /** The time task starts are counted on. */
  clock: Clock;
  /** Devices whose recent tasks are remembered (least recently used forgotten first; default 10 000). */
  maxDevices?: number;
}

interface RecentTask {
  folder: string;
  startedAt: number;
}

/**
 * A {@link TaskBackend} that enforces per-device budgets before starting a task on a device, whoever asks (a
 * device's own TASK or `POST /api/dispatch`): a task-rate token bucket per client id, and a cap on the bytes the
 * log folders of the device's tasks started within a window hold. Refusals are `RATE_LIMITED` (HTTP 429) and
 * leave no folder. Folder sizes are measured in this process's log root (in a cluster, the tasks this node ran).
 */
export class DeviceLimitedTaskBackend implements TaskBackend {
  private readonly recent: BoundedMap<string, RecentTask[]>;

  constructor(
    private readonly inner: TaskBackend,
    private readonly options: DeviceLimitedTaskBackendOptions,
  ) {
    this.recent = new BoundedMap(options.maxDevices ?? 10_000);
  }

  listClients(): Promise<ClientSummary[]> {
    return this.inner.listClients();
  }

  health(): Promise<{ onlineClients: number; runningTasks: number }> {
    return this.inner.health();
  }

  async startTask(request: StartTaskRequest): Promise<TaskRecord> {
    const { clientId } = request;
    const { maxBytes, windowMs } = this.options.logBytes;
    const now = this.options.clock.now();
    const tasks = (this.recent.get(clientId) ?? []).filter((task) => now - task.startedAt < windowMs);
    this.recent.set(clientId, tasks);
    const written = await this.bytesOf(tasks);
    if (written >= maxBytes) {
      throw new RateLimitedError(`device "${clientId}"'s tasks wrote ${written} bytes of logs in the last ${windowMs} ms (limit ${maxBytes}); retry later`);
    }
    if (!this.options.taskRate.take(clientId, now)) throw new RateLimitedError(`device "${clientId}" is given tasks too often; retry later`);
    const record = await this.inner.startTask(request);
    tasks.push({ folder: taskLogFolderName(record.task_name, record.session_id), startedAt: now });
    return record;
  }

  findTask(ref: TaskRef): Promise<TaskRecord | undefined> {
    return this.inner.findTask(ref);
  }

  cancelTask(sessionId: string, reason: string): Promise<boolean> {
    return this.inner.cancelTask(sessionId, reason);
  }

  private async bytesOf(tasks: readonly RecentTask[]): Promise<number> {
    let total = 0;
    for (const task of tasks) total += await folderBytes(join(this.options.logRoot, task.folder));
    return total;
  }
}

/** Bytes of the files under `folder` (0 when it does not exist, e.g. the task ran on another node). */
async function folderBytes(folder: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(join(entry.parentPath, entry.name))).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}
