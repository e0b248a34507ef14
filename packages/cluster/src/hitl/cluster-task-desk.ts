import { systemClock, type Clock } from '@ufo-ts/core';
import {
  DeviceNotFoundError,
  PendingIdMismatchError,
  TaskNotFoundError,
  TaskNotWaitingError,
  type HumanDecision,
  type TaskDesk,
  type TaskRecord,
} from '@ufo-ts/server';
import { resumeDecisionFor, taskOwnerKey } from '@ufo-ts/server/internal';
import type { Job, Queue } from 'bullmq';
import { jobIdFor } from '../keys.js';
import type { ClusterTaskRecord, SessionJobData } from '../messages.js';
import type { DevicePresence } from '../presence/device-presence.js';
import { recordOf } from '../queue/job-record.js';
import type { WaitingJobs } from '../queue/waiting-jobs.js';

/** Options of {@link ClusterTaskDesk}. */
export interface ClusterTaskDeskOptions {
  queue: Queue<SessionJobData, ClusterTaskRecord>;
  presence: DevicePresence;
  waiting: WaitingJobs;
  /** Longest answer to a question, in UTF-8 bytes. */
  maxAnswerBytes: number;
  /** The time answers are stamped with (default `systemClock`). */
  clock?: Clock;
}

/** Job states whose tasks a key's list shows. */
const LISTED_STATES = ['active', 'waiting', 'delayed', 'prioritized', 'completed', 'failed'] as const;

/**
 * The `/api/tasks` routes in cluster mode, the same on every node: a key's tasks are read from the queue's jobs,
 * and an answer to a waiting (delayed) job is checked, recorded once in Redis and the job promoted, so any node's
 * worker resumes the session with it.
 */
export class ClusterTaskDesk implements TaskDesk {
  constructor(private readonly options: ClusterTaskDeskOptions) {}

  async tasksOf(keyId: string | undefined): Promise<TaskRecord[]> {
    const byState = await Promise.all(
      LISTED_STATES.map(async (state) => {
        const jobs = (await this.options.queue.getJobs([state])) as (Job<SessionJobData, ClusterTaskRecord> | undefined)[];
        return Promise.all(jobs.filter((job) => job !== undefined).map((job) => recordOf(job, state)));
      }),
    );
    // a job that changed state between two reads is listed once
    const byName = new Map<string, ClusterTaskRecord>();
    for (const record of byState.flat()) if (record && (keyId === undefined || taskOwnerKey(record) === keyId)) byName.set(record.task_name, record);
    return [...byName.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /**
   * Answers a waiting task: the answer is checked against its pending input, recorded with `SET NX` (so of
   * concurrent answers through any nodes exactly one is taken), then its job is promoted.
   * @throws TaskNotFoundError (unknown, or another key's), TaskNotWaitingError, PendingIdMismatchError,
   *   AnswerInvalidError, AnswerTooLargeError, DeviceNotFoundError (its device is offline: the task keeps waiting).
   */
  async answer(input: { taskName: string; pendingId: string; keyId: string; decision: HumanDecision }): Promise<TaskRecord> {
    const { taskName } = input;
    const job = await this.options.queue.getJob(jobIdFor(taskName));
    const record = job ? await recordOf(job) : undefined;
    if (!job || !record || taskOwnerKey(record) !== input.keyId) throw new TaskNotFoundError(`named "${taskName}"`);
    const pending = record.waiting;
    if (!pending || (await job.getState()) !== 'delayed') throw new TaskNotWaitingError(taskName, record.status);
    if (pending.pending_id !== input.pendingId) throw new PendingIdMismatchError(taskName, input.pendingId);
    resumeDecisionFor(pending, input.decision, this.options.maxAnswerBytes);
    if (!(await this.options.presence.lookup(record.client_id))) throw new DeviceNotFoundError(record.client_id);
    const taken = await this.options.waiting.record(record, {
      decision: input.decision,
      by: 'person',
      key_id: input.keyId,
      at: new Date((this.options.clock ?? systemClock).now()).toISOString(),
    });
    if (!taken) throw new TaskNotWaitingError(taskName, 'answered or cancelled already');
    // the job may have woken at its deadline meanwhile: its worker reads this answer all the same
    await job.promote().catch(() => undefined);
    return record;
  }
}
