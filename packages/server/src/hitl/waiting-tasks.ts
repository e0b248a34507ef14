import type { Clock } from '@ufo-ts/core';
import type { ResumeDecision } from '@ufo-ts/sessions';
import { PendingIdMismatchError, TaskNotWaitingError } from '../errors.js';
import { resumeDecisionFor, timeoutDecisionFor } from './decisions.js';
import type { HumanDecision } from './hitl-schemas.js';
import type { WaitingEntry, WaitingStore } from './waiting-store.js';

/** Options of {@link WaitingTasks}. */
export interface WaitingTasksOptions {
  store: WaitingStore;
  /** Clock of the timeouts. */
  clock: Clock;
  /** Longest answer, in UTF-8 bytes. */
  maxAnswerBytes: number;
  /** Applies a policy's default decision once a task's deadline passes, or an answer taken before a restart. */
  onTimeout: (entry: WaitingEntry, decision: HumanDecision, answered: boolean) => Promise<void>;
  /** Told when applying a decision failed (e.g. the device is away); it is tried again after 1 s, 2 s, ... up to 1 min. */
  onTimeoutError?: (entry: WaitingEntry, error: unknown) => void;
}

/**
 * The tasks paused for a person, by task name: kept in a {@link WaitingStore} so they survive a restart, each with
 * its timeout timer. {@link WaitingTasks.take} checks an answer and removes the task in one synchronous step, so of
 * concurrent answers exactly one gets it.
 */
export class WaitingTasks {
  private readonly byName = new Map<string, WaitingEntry>();
  private readonly timers = new Map<string, AbortController>();
  /** Failed attempts to apply a decision, per task (the next try waits longer, up to a minute). */
  private readonly retries = new Map<string, number>();

  constructor(private readonly options: WaitingTasksOptions) {}

  /** Keeps a task that now waits (durably, then in memory) and starts its timeout. */
  async park(entry: WaitingEntry): Promise<void> {
    await this.options.store.save(entry);
    this.hold(entry);
  }

  /** Takes back the tasks kept before a restart. */
  async restore(): Promise<WaitingEntry[]> {
    const entries = await this.options.store.load();
    for (const entry of entries) this.hold(entry);
    return entries;
  }

  /** The waiting task of a name. */
  get(taskName: string): WaitingEntry | undefined {
    return this.byName.get(taskName);
  }

  /** The waiting task holding a device (a device with a waiting task takes no other task). */
  forClient(clientId: string): WaitingEntry | undefined {
    for (const entry of this.byName.values()) if (entry.record.client_id === clientId) return entry;
    return undefined;
  }

  /**
   * Checks a decision against what the task waits for and, when it fits, removes the task (synchronously: a second
   * answer finds nothing). Returns the entry and the decision in the form a resumed session takes.
   * @throws TaskNotWaitingError, PendingIdMismatchError, AnswerInvalidError, AnswerTooLargeError.
   */
  take(taskName: string, pendingId: string, decision: HumanDecision): { entry: WaitingEntry; resume: ResumeDecision } {
    const entry = this.byName.get(taskName);
    if (!entry?.record.waiting) throw new TaskNotWaitingError(taskName, 'not waiting');
    if (entry.answered) throw new TaskNotWaitingError(taskName, 'answered, resuming');
    const pending = entry.record.waiting;
    if (pending.pending_id !== pendingId) throw new PendingIdMismatchError(taskName, pendingId);
    const resume = this.decisionFor(pending, decision);
    this.byName.delete(taskName);
    this.timers.get(taskName)?.abort();
    this.timers.delete(taskName);
    return { entry, resume };
  }

  /**
   * Takes an answer recorded before a restart (see {@link WaitingEntry.answered}) out of the waiting tasks, so its
   * session can resume with it.
   */
  takeAnswered(taskName: string): { entry: WaitingEntry; resume: ResumeDecision } | undefined {
    const entry = this.byName.get(taskName);
    if (!entry?.answered || !entry.record.waiting) return undefined;
    const resume = this.decisionFor(entry.record.waiting, entry.answered.decision);
    this.byName.delete(taskName);
    this.timers.get(taskName)?.abort();
    this.timers.delete(taskName);
    return { entry, resume };
  }

  /** Records durably that a taken task's answer is about to be acted on. */
  async recordAnswer(entry: WaitingEntry, answered: NonNullable<WaitingEntry['answered']>): Promise<void> {
    await this.options.store.save({ ...entry, answered });
  }

  /** Puts a taken task back (its answer could not be acted on). */
  putBack(entry: WaitingEntry): void {
    this.hold(entry);
  }

  /** Removes a task without an answer (cancelled). */
  async drop(taskName: string): Promise<WaitingEntry | undefined> {
    const entry = this.byName.get(taskName);
    if (!entry) return undefined;
    this.byName.delete(taskName);
    this.timers.get(taskName)?.abort();
    this.timers.delete(taskName);
    await this.options.store.remove(entry.record.session_id);
    return entry;
  }

  /** Forgets a taken task in the store. */
  async forget(entry: WaitingEntry): Promise<void> {
    await this.options.store.remove(entry.record.session_id);
  }

  /** Stops the timers (the tasks stay in the store). */
  stop(): void {
    for (const timer of this.timers.values()) timer.abort();
    this.timers.clear();
  }

  private hold(entry: WaitingEntry): void {
    this.byName.set(entry.record.task_name, entry);
    const deadline = entry.record.waiting?.deadline;
    if (entry.answered) this.schedule(entry, this.options.clock.now());
    else if (deadline !== undefined) this.schedule(entry, Date.parse(deadline));
  }

  private schedule(entry: WaitingEntry, deadline: number): void {
    const name = entry.record.task_name;
    this.timers.get(name)?.abort();
    const timer = new AbortController();
    this.timers.set(name, timer);
    const wait = Math.max(0, deadline - this.options.clock.now());
    this.options.clock.sleep(wait, timer.signal).then(
      async () => {
        if (this.timers.get(name) !== timer || this.byName.get(name) !== entry) return;
        this.timers.delete(name);
        if (!this.retries.has(name)) this.retries.set(name, 0);
        try {
          await this.options.onTimeout(entry, entry.answered?.decision ?? timeoutDecisionFor(entry.record), entry.answered !== undefined);
        } catch (error) {
          this.options.onTimeoutError?.(entry, error);
          const attempt = (this.retries.get(name) ?? 0) + 1;
          this.retries.set(name, attempt);
          if (this.byName.get(name) === entry) this.schedule(entry, this.options.clock.now() + Math.min(60_000, 1_000 * 2 ** (attempt - 1)));
        }
      },
      () => undefined,
    );
  }

  private decisionFor(pending: NonNullable<WaitingEntry['record']['waiting']>, decision: HumanDecision): ResumeDecision {
    return resumeDecisionFor(pending, decision, this.options.maxAnswerBytes);
  }
}
