import { systemClock, type Clock } from '@ufo-ts/core';
import type { TaskRecord } from './task-record.js';

/** Options of {@link ResultStore}. */
export interface ResultStoreOptions {
  /** Most finished tasks kept; the oldest finished ones are dropped first (default 1 000). */
  maxEntries?: number;
  /** How long a finished task is kept, in ms (default 1 hour). */
  ttlMs?: number;
  /** The time finished tasks' ages are measured on (default `systemClock`). */
  clock?: Clock;
}

interface Entry {
  record: TaskRecord;
  /** When the task ended (ms), or undefined while it runs. */
  endedAt: number | undefined;
}

/**
 * Task records by task name, kept after their session ends, so asking for a finished task's result answers at once
 * instead of waiting. Running tasks are never evicted; finished ones expire after `ttlMs` and the oldest go first when
 * there are more than `maxEntries`. Plain maps on the event loop: no locks, nothing blocks.
 */
export class ResultStore {
  private readonly byName = new Map<string, Entry>();
  private readonly bySession = new Map<string, string>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly clock: Clock;

  constructor(options: ResultStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1_000;
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1_000;
    this.clock = options.clock ?? systemClock;
  }

  /** Adds or replaces a record (a running task). */
  put(record: TaskRecord): void {
    const old = this.byName.get(record.task_name);
    if (old) this.bySession.delete(old.record.session_id);
    this.byName.delete(record.task_name);
    this.byName.set(record.task_name, { record, endedAt: isLive(record) ? undefined : this.clock.now() });
    this.bySession.set(record.session_id, record.task_name);
    this.prune();
  }

  /** Marks a record finished with its final fields. */
  finish(taskName: string, update: Partial<TaskRecord>): TaskRecord | undefined {
    const entry = this.byName.get(taskName);
    if (!entry) return undefined;
    entry.record = { ...entry.record, ...update };
    entry.endedAt = this.clock.now();
    this.prune();
    return entry.record;
  }

  /** Changes fields of a record; it stays unexpiring while its status is `running` or `waiting`. */
  update(taskName: string, update: Partial<TaskRecord>): TaskRecord | undefined {
    const entry = this.byName.get(taskName);
    if (!entry) return undefined;
    entry.record = { ...entry.record, ...update };
    entry.endedAt = isLive(entry.record) ? undefined : (entry.endedAt ?? this.clock.now());
    return entry.record;
  }

  /** Every record held (expired ones dropped first), oldest first. */
  list(): TaskRecord[] {
    this.prune();
    return [...this.byName.values()].map((entry) => entry.record);
  }

  /** The record of a task name (undefined when unknown or expired). */
  get(taskName: string): TaskRecord | undefined {
    const entry = this.byName.get(taskName);
    if (!entry) return undefined;
    if (this.expired(entry)) {
      this.drop(taskName, entry);
      return undefined;
    }
    return entry.record;
  }

  /** The record of a session id (undefined when unknown or expired). */
  getBySession(sessionId: string): TaskRecord | undefined {
    const name = this.bySession.get(sessionId);
    return name === undefined ? undefined : this.get(name);
  }

  /** Number of records held (running and finished). */
  get size(): number {
    return this.byName.size;
  }

  /** Drops expired records and the oldest finished ones beyond `maxEntries`. */
  prune(): void {
    for (const [name, entry] of this.byName) if (this.expired(entry)) this.drop(name, entry);
    let finished = 0;
    for (const entry of this.byName.values()) if (entry.endedAt !== undefined) finished += 1;
    if (finished <= this.maxEntries) return;
    const oldestFirst = [...this.byName.entries()].filter(([, entry]) => entry.endedAt !== undefined).sort((a, b) => a[1].endedAt! - b[1].endedAt!);
    for (const [name, entry] of oldestFirst.slice(0, finished - this.maxEntries)) this.drop(name, entry);
  }

  private expired(entry: Entry): boolean {
    return entry.endedAt !== undefined && this.clock.now() - entry.endedAt > this.ttlMs;
  }

  private drop(name: string, entry: Entry): void {
    this.byName.delete(name);
    if (this.bySession.get(entry.record.session_id) === name) this.bySession.delete(entry.record.session_id);
  }
}

/** Running and waiting tasks are never evicted. */
function isLive(record: TaskRecord): boolean {
  return record.status === 'running' || record.status === 'waiting';
}
