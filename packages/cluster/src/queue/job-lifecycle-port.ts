import type { Clock } from '@ufo-ts/core';
import type { ServerEvent, TaskRecord } from '@ufo-ts/server';
import type { BudgetGuard, FinishPort, ParkPort } from '@ufo-ts/server/internal';
import type { Job } from 'bullmq';
import type { ClusterKeys } from '../keys.js';
import type { ClusterTaskRecord, SessionJobData } from '../messages.js';
import type { RedisClient } from '../redis/redis-connections.js';
import type { CommandRouter } from '../routing/command-router.js';
import type { WaitingJobs } from './waiting-jobs.js';

/** One run of a session job on a worker, and what ending it needs. */
export interface JobRun {
  job: Job<SessionJobData, ClusterTaskRecord>;
  token: string | undefined;
  data: SessionJobData;
  /** The task record without what it waited for. */
  base: TaskRecord;
  /** Every pick-up of the job so far, this one included once it started. */
  attempts: SessionJobData['attempts'];
  guard: BudgetGuard | undefined;
  /** The session's log folder on this node, once built. */
  folder: string | undefined;
}

/** What a job's lifecycle port reaches on its node. */
export interface JobPortDeps {
  redis: RedisClient;
  keys: ClusterKeys;
  router: CommandRouter;
  waiting: WaitingJobs;
  clock: Clock;
  emit: (event: ServerEvent) => void;
  /** Reports that the session left this worker to wait for a person, or ended here. */
  onWaiting: (record: TaskRecord) => void;
  onEnded: (record: ClusterTaskRecord) => void;
}

// KEYS[1] busy key; ARGV[1] task name
export const RELEASE_BUSY = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The task lifecycle's way to a cluster job: messages reach the device through the router, a waiting task is kept in
 * its delayed job (with its device, session and journal held), and a task that ended for good has its journal and
 * session spend cleared and, once the device was told, its device freed.
 */
export function jobLifecyclePort(deps: JobPortDeps, run: JobRun): ParkPort & FinishPort<ClusterTaskRecord> {
  const { redis, keys } = deps;
  return {
    clock: deps.clock,
    emit: deps.emit,
    send: (message) => deps.router.deliver(run.base.client_id, message),
    keepWaiting: async (record) => {
      const { resume: _answered, ...rest } = run.job.data;
      await run.job.updateData({ ...rest, record, attempts: run.attempts });
      await deps.waiting.park(run.job, record, run.token);
      deps.onWaiting(record);
    },
    keepFinal: async (record) => {
      // the session ended for good: nothing will replay its journal or resume its spend
      await redis.del(keys.journal(record.session_id), keys.sessionSpend(record.session_id)).catch(() => undefined);
      return record;
    },
    freeDevice: async (record) => {
      await redis.eval(RELEASE_BUSY, 1, keys.busy(record.client_id), record.task_name);
      deps.onEnded(record);
    },
  };
}
