import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SessionError } from '../errors.js';
import { JournalEntrySchema, type JournalEntry } from './journal-entry.js';

/**
 * Where a session's action journal is kept: an append-only list of {@link JournalEntry} (model replies, action
 * intents before they are sent, results after they came back). `append` must be durable when it returns (the
 * session sends the command only then); a failure ends the session.
 */
export interface ActionJournal {
  /** Adds `entry` at the end; durable when it returns (or its promise resolves). */
  append(entry: JournalEntry): void | Promise<void>;
  /** Every entry appended so far, in order (read once, when a session resumes). */
  entries(): JournalEntry[];
  /** Releases what the journal holds open (optional); called when the session ends. */
  close?(): void | Promise<void>;
}

/** The journal's file name inside a session's log folder. */
export const JOURNAL_FILE = 'journal.jsonl';

/** Options of {@link FileActionJournal}. */
export interface FileActionJournalOptions {
  /** The session's log folder. */
  folder: string;
  /**
   * Also `fsync` each entry (default false). Without it an entry survives the death of the process (it is in the
   * kernel when `append` returns) but not a power loss.
   */
  fsync?: boolean;
}

/** Keeps the journal as JSON Lines in `journal.jsonl`; each entry is one synchronous write on an append descriptor. */
export class FileActionJournal implements ActionJournal {
  readonly path: string;
  private fd: number | undefined;
  private readonly fsync: boolean;

  constructor(options: FileActionJournalOptions) {
    this.path = join(options.folder, JOURNAL_FILE);
    this.fsync = options.fsync ?? false;
  }

  /**
   * Writes `entry` as one line (on first use it opens the file, dropping a last line a crash cut short), and
   * `fsync`s it when {@link FileActionJournalOptions.fsync} is set.
   */
  append(entry: JournalEntry): void {
    if (this.fd === undefined) {
      this.dropCutShortLine();
      this.fd = openSync(this.path, 'a');
    }
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    if (this.fsync) fsyncSync(this.fd);
  }

  entries(): JournalEntry[] {
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    const out: JournalEntry[] = [];
    for (const [i, line] of lines.entries()) {
      if (!line.trim()) continue;
      // the last line may be cut short by a crash during its write: it never counted as written
      const parsed = JournalEntrySchema.safeParse(safeJson(line));
      if (parsed.success) out.push(parsed.data);
      else if (i < lines.length - 1 && lines.slice(i + 1).some((l) => l.trim())) {
        throw new SessionError('JOURNAL_INVALID', `${this.path}, line ${i + 1}, is not a journal entry`, { cause: parsed.error });
      }
    }
    return out;
  }

  /** A last line without its newline was cut short by a crash: its append never returned, so it is removed. */
  private dropCutShortLine(): void {
    if (!existsSync(this.path)) return;
    const text = readFileSync(this.path);
    if (text.length === 0 || text[text.length - 1] === 10) return;
    truncateSync(this.path, text.lastIndexOf(10) + 1);
  }

  /** Closes the descriptor (appending reopens it). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Keeps the journal in memory (tests; sessions that resume in the same process). */
export class MemoryActionJournal implements ActionJournal {
  readonly list: JournalEntry[] = [];

  /** Stores a copy of `entry`. */
  append(entry: JournalEntry): void {
    this.list.push(structuredClone(entry));
  }

  entries(): JournalEntry[] {
    return structuredClone(this.list);
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
