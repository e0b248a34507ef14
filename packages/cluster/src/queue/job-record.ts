import { systemClock, type Clock } from '@ufo-ts/core';
import type { Job } from 'bullmq';
import { SessionJobDataSchema, type ClusterTaskRecord, type SessionJobData } from '../messages.js';

/**
 * The task record a job stands for: its return value once finished, else the record in its data (`running`, or
 * `waiting` with what it waits for while the job is delayed for a person). `knownState` spares reading the job's
 * state when the caller listed the job by state; a failed job without a finish time ends at the `clock`'s now.
 */
export async function recordOf(
  job: Job<SessionJobData, ClusterTaskRecord>,
  knownState?: string,
  clock: Clock = systemClock,
): Promise<ClusterTaskRecord | undefined> {
  const data = SessionJobDataSchema.safeParse(job.data);
  if (!data.success) return undefined;
  const state = knownState ?? (await job.getState());
  if (state === 'completed' && job.returnvalue) return job.returnvalue;
  const base: ClusterTaskRecord = { ...data.data.record, attempts: data.data.attempts };
  if (state === 'failed')
    return {
      ...base,
      status: 'failed',
      error: `the session job failed: ${job.failedReason ?? 'unknown reason'}`,
      ended_at: new Date(job.finishedOn ?? clock.now()).toISOString(),
    };
  return base;
}
