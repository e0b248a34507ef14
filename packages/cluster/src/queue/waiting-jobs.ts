import { systemClock, type Clock } from '@ufo-ts/core';
import type { TaskRecord } from '@ufo-ts/server';
import { MAX_APPROVAL_TIMEOUT_MS, taskOwnerKey, timeoutDecisionFor } from '@ufo-ts/server/internal';
import type { Job } from 'bullmq';
import type { ClusterKeys } from '../keys.js';
import { ClusterAnswerSchema, parseJson, type ClusterAnswer, type ClusterTaskRecord, type SessionJobData } from '../messages.js';
import type { RedisClient } from '../redis/redis-connections.js';

/** Options of {@link WaitingJobs}. */
export interface WaitingJobsOptions {
  redis: RedisClient;
  keys: ClusterKeys;
  /** The time deadlines are judged on and timeout answers stamped with (default `systemClock`). */
  clock?: Clock;
}

/** How long the device, session and answer keys outlive a waiting task's deadline, in ms. */
const HOLD_MARGIN_MS = 60 * 60 * 1_000;

// KEYS[1] busy key, KEYS[2] session key, KEYS[3] journal, KEYS[4] session spend; ARGV[1] task name, ARGV[2] ttl ms
/** Records an answer (KEYS[1]) once, unless the session is being cancelled (KEYS[2]); 1 when recorded. */
const RECORD_ANSWER = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0`;

/** Records a cancel (KEYS[2]) unless an answer (KEYS[1], when ARGV[3] is 1) was recorded first; 1 when recorded. */
const RECORD_CANCEL = `if ARGV[3] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return 1`;

const HOLD = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
redis.call('PEXPIRE', KEYS[4], ARGV[2])
return 1`;

/**
 * Waiting tasks in cluster mode: a session that stops for a person is a **delayed** BullMQ job (its record, with
 * what it waits for, and its checkpoint in the job data) until its deadline, so no node holds it and a node death
 * loses nothing. An answer is recorded once with `SET NX` on the session's answer key (of concurrent answers, and
 * the deadline's default decision, exactly one wins) before the job is promoted; the worker that picks the job up
 * reads the answer and resumes the session with it.
 */
export class WaitingJobs {
  constructor(private readonly options: WaitingJobsOptions) {}

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /**
   * Parks a job whose record waits: keeps its device busy (and its session's keys) past the deadline, then moves
   * the job to delayed until the deadline (or, without a timeout, the longest timeout, after which it parks again).
   * The caller throws BullMQ's `DelayedError` next.
   */
  async park(job: Job<SessionJobData, ClusterTaskRecord>, record: TaskRecord, token: string | undefined): Promise<void> {
    const { redis, keys } = this.options;
    const deadline = this.deadlineOf(record);
    const hold = this.holdMs(record);
    await redis.eval(
      HOLD,
      4,
      keys.busy(record.client_id),
      keys.session(record.session_id),
      keys.journal(record.session_id),
      keys.sessionSpend(record.session_id),
      record.task_name,
      String(hold),
    );
    await job.moveToDelayed(Math.max(deadline, this.now() + 1), token);
  }

  /**
   * The answer a woken waiting job resumes with: the one recorded, else (past the deadline) the policy's default
   * decision, recorded the same way; undefined when it woke early without an answer (park it again).
   */
  async answerOf(record: TaskRecord): Promise<ClusterAnswer | undefined> {
    const pending = record.waiting;
    if (!pending) return undefined;
    const recorded = await this.read(record.session_id, pending.pending_id);
    if (recorded || pending.deadline === undefined || Date.parse(pending.deadline) > this.now()) return recorded;
    const timeout: ClusterAnswer = {
      decision: timeoutDecisionFor(record),
      by: 'timeout',
      key_id: taskOwnerKey(record),
      at: new Date(this.now()).toISOString(),
    };
    if (await this.record(record, timeout)) return timeout;
    return this.read(record.session_id, pending.pending_id);
  }

  /**
   * Records an answer for the record's pending id unless one is recorded already; true when this one was.
   * The key lives past the deadline, long enough for the worker that resumes the session to read it.
   */
  async record(record: TaskRecord, answer: ClusterAnswer): Promise<boolean> {
    const pending = record.waiting;
    if (!pending) return false;
    const { keys } = this.options;
    const set = await this.options.redis.eval(
      RECORD_ANSWER,
      2,
      keys.answer(record.session_id, pending.pending_id),
      keys.cancel(record.session_id),
      JSON.stringify(answer),
      String(this.holdMs(record)),
    );
    return Number(set) === 1;
  }

  /** When a waiting record's deadline passes (without a timeout: the longest timeout from now), in ms since the epoch. */
  private deadlineOf(record: TaskRecord): number {
    const deadline = record.waiting?.deadline;
    return deadline !== undefined ? Date.parse(deadline) : this.now() + MAX_APPROVAL_TIMEOUT_MS;
  }

  /** How long a waiting task's keys are kept: until its deadline and a margin past it, in ms. */
  private holdMs(record: TaskRecord): number {
    return Math.max(0, this.deadlineOf(record) - this.now()) + HOLD_MARGIN_MS;
  }

  private async read(sessionId: string, pendingId: string): Promise<ClusterAnswer | undefined> {
    const text = await this.options.redis.get(this.options.keys.answer(sessionId, pendingId));
    return text === null ? undefined : parseJson(ClusterAnswerSchema, text, `the answer of session ${sessionId}`);
  }
}

/**
 * Records a cancel of a task (its cancel key) unless it waits and an answer was taken for its pending id first (then
 * false: the answer won and the session resumes). One script, like {@link WaitingJobs.record}'s: of an answer and a
 * cancel of a waiting task exactly one wins.
 * @example
 * if (!(await recordCancel(redis, keys, record, 'no longer needed', 60_000))) throw new TaskAnsweredFirstError(record.task_name);
 */
export async function recordCancel(redis: RedisClient, keys: ClusterKeys, record: TaskRecord, reason: string, ttlMs: number): Promise<boolean> {
  const answerKey = record.waiting ? keys.answer(record.session_id, record.waiting.pending_id) : keys.cancel(record.session_id);
  return Number(await redis.eval(RECORD_CANCEL, 2, answerKey, keys.cancel(record.session_id), reason, String(ttlMs), record.waiting ? '1' : '0')) === 1;
}
