import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { TaskRecordSchema } from '../sessions/task-record.js';
import { HumanDecisionSchema } from './hitl-schemas.js';

/** A waiting task as kept across restarts: its record (status `waiting`, with what it waits for) and its platform. */
export const WaitingEntrySchema = z.object({
  record: TaskRecordSchema,
  /** The device's platform (it decides the session type the task resumes with). */
  platform: z.string(),
  /**
   * The answer taken (and logged) but not yet acted on: a server that stopped before the session resumed resumes it
   * with this decision once the device is back, and takes no other answer.
   */
  answered: z.object({ decision: HumanDecisionSchema, by: z.enum(['person', 'timeout']), key_id: z.string() }).optional(),
});
/** The data {@link WaitingEntrySchema} validates. */
export type WaitingEntry = z.infer<typeof WaitingEntrySchema>;

/** Where waiting tasks are kept so they survive a server restart. */
export interface WaitingStore {
  /** Saves (or replaces) a waiting task; durable when it resolves. */
  save(entry: WaitingEntry): Promise<void>;
  /** Forgets a task (answered, cancelled). */
  remove(sessionId: string): Promise<void>;
  /** Every kept waiting task. */
  load(): Promise<WaitingEntry[]>;
}

/**
 * A {@link WaitingStore} of one JSON file per task in a folder (by default `.waiting` under the log root),
 * written atomically (a temporary file renamed over the old one). Unreadable files are skipped.
 * @example
 * const store = new FileWaitingStore(join(logRoot, '.waiting'));
 */
export class FileWaitingStore implements WaitingStore {
  constructor(private readonly folder: string) {}

  async save(entry: WaitingEntry): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const file = this.fileOf(entry.record.session_id);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entry), { flush: true });
    await rename(temporary, file);
  }

  async remove(sessionId: string): Promise<void> {
    await rm(this.fileOf(sessionId), { force: true });
  }

  async load(): Promise<WaitingEntry[]> {
    let names: string[];
    try {
      names = (await readdir(this.folder)).filter((name) => name.endsWith('.json'));
    } catch {
      return [];
    }
    const entries: WaitingEntry[] = [];
    for (const name of names) {
      try {
        const parsed = WaitingEntrySchema.safeParse(JSON.parse(await readFile(join(this.folder, name), 'utf8')));
        if (parsed.success && parsed.data.record.status === 'waiting' && parsed.data.record.waiting) entries.push(parsed.data);
      } catch {
        // a damaged file is not a waiting task
      }
    }
    return entries;
  }

  private fileOf(sessionId: string): string {
    return join(this.folder, `${createHash('sha256').update(sessionId, 'utf8').digest('hex').slice(0, 32)}.json`);
  }
}
