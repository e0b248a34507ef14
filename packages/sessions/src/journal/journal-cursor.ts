import { JournalWriteError, type HumanInputRequiredError } from '../errors.js';
import type { ActionJournal } from './action-journal.js';
import type { IntentEntry, JournalEntry, JournalRecord, ReplyEntry, ResultEntry } from './journal-entry.js';

/** What the journal holds for one action command of the step being resumed. */
export interface RecordedCommand {
  intent: IntentEntry;
  /** Absent when the command was sent (or about to be) and no result was recorded: its outcome is unknown. */
  result?: ResultEntry;
}

/** The records of one step, read back from the journal when the session resumes inside that step. */
interface StepRecords {
  step: number;
  replies: Map<number, ReplyEntry>;
  commands: Map<number, RecordedCommand>;
}

/**
 * The session's position in its action journal. The session tells it when a step starts (`begin`, with the
 * step's session-wide index) and ends (`end`); the journaling model and dispatcher ask it for the next reply or
 * command index of the step and for what the journal already holds there. Between steps it is inactive, and
 * nothing is journaled (snapshots, re-selecting a window on resume).
 *
 * A write failure, or a person's answer the step needs, is kept (`failure`) as well as thrown, so the session can end
 * with it after the step even when a strategy swallowed the throw.
 */
export class JournalCursor {
  private current: number | undefined;
  private replyIndex = 0;
  private commandIndex = 0;
  private resumed: StepRecords | undefined;
  /**
   * What ends the session after the current step: the first journal write that failed ({@link JournalWriteError}),
   * or a person's answer the step needs with no one at hand ({@link HumanInputRequiredError}: the session waits).
   */
  failure: JournalWriteError | HumanInputRequiredError | undefined;

  constructor(private readonly journal: ActionJournal) {}

  /** Closes the journal (the session ended). */
  async close(): Promise<void> {
    await this.journal.close?.();
  }

  /** Reads what the journal holds for `step`, the step a resumed session runs first. */
  resumeAt(step: number): void {
    this.resumed = readStep(this.journal.entries(), step);
  }

  /** The replies recorded for the steps before `step` (the steps a resumed session does not run again), in order. */
  repliesBefore(step: number): ReplyEntry[] {
    return this.journal.entries().filter((e): e is ReplyEntry => e.type === 'reply' && e.step < step);
  }

  /** A step starts: its replies and commands are numbered from 0. */
  begin(step: number): void {
    this.current = step;
    this.replyIndex = 0;
    this.commandIndex = 0;
  }

  /** The step ended (its transition is recorded): what was read back for it is no longer needed. */
  end(): void {
    if (this.resumed && this.resumed.step === this.current) this.resumed = undefined;
    this.current = undefined;
  }

  /** The index of the step in progress, or undefined between steps. */
  get step(): number | undefined {
    return this.current;
  }

  /** True inside a step. */
  get active(): boolean {
    return this.current !== undefined;
  }

  /** The next model reply's index in this step, and the reply the journal holds there. */
  nextReply(): { index: number; recorded: ReplyEntry | undefined } {
    const index = this.replyIndex++;
    return { index, recorded: this.replay()?.replies.get(index) };
  }

  /** The next action command's index in this step, and what the journal holds there. */
  nextCommand(): { seq: number; recorded: RecordedCommand | undefined } {
    const seq = this.commandIndex++;
    return { seq, recorded: this.replay()?.commands.get(seq) };
  }

  /** Appends a record of the current step; durable when it resolves. Throws {@link JournalWriteError}. */
  async record(record: JournalRecord): Promise<void> {
    if (this.current === undefined) return;
    const entry = { ...record, step: this.current } as JournalEntry;
    try {
      await this.journal.append(entry);
    } catch (cause) {
      this.failure ??= new JournalWriteError(cause);
      throw this.failure;
    }
  }

  private replay(): StepRecords | undefined {
    return this.resumed && this.resumed.step === this.current ? this.resumed : undefined;
  }
}

function readStep(entries: readonly JournalEntry[], step: number): StepRecords {
  const records: StepRecords = { step, replies: new Map(), commands: new Map() };
  for (const entry of entries) {
    if (entry.step !== step) continue;
    if (entry.type === 'reply') records.replies.set(entry.index, entry);
    // a later intent at the same index is a command sent again (approved by a person): its result is pending anew
    else if (entry.type === 'intent') records.commands.set(entry.seq, { intent: entry });
    else {
      const command = records.commands.get(entry.seq);
      if (command) command.result = entry;
    }
  }
  return records;
}
