import type { Job } from 'bullmq';
import { SessionJobDataSchema, type ClusterTaskRecord, type SessionJobData } from '../messages.js';

/**
 * The task record a job stands for: its return value once finished, else the record in its data (`running`, or
 * `waiting` with what it waits for while the job is delayed for a person).
 */
export async function recordOf(job: Job<SessionJobData, ClusterTaskRecord>): Promise<ClusterTaskRecord | undefined> {
  const data = SessionJobDataSchema.safeParse(job.data);
  if (!data.success) return undefined;
  const state = await job.getState();
  if (state === 'completed' && job.returnvalue) return job.returnvalue;
  const base: ClusterTaskRecord = { ...data.data.record, attempts: data.data.attempts };
  if (state === 'failed') return { ...base, status: 'failed', error: `the session job failed: ${job.failedReason ?? 'unknown reason'}`, ended_at: new Date(job.finishedOn ?? Date.now()).toISOString() };
  return base;
}
