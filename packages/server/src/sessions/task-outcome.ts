import { errorMessage, type SessionOutcome } from '@ufo-ts/core';
import type { ManagedSessionOutcome } from '@ufo-ts/sessions';
import type { TaskRecordStatus } from './task-record.js';

/** Set when a session is stopped from outside (a cancel request, the device leaving, the server stopping). */
export type TaskStop = { status: TaskRecordStatus; reason: string } | undefined;

/** A managed session that stopped for a person. */
export function isWaiting(outcome: SessionOutcome | undefined): outcome is ManagedSessionOutcome & { waitingFor: NonNullable<ManagedSessionOutcome['waitingFor']> } {
  return outcome !== undefined && 'status' in outcome && (outcome as ManagedSessionOutcome).status === 'waiting' && (outcome as ManagedSessionOutcome).waitingFor !== undefined;
}

/**
 * The final status and error text of a task whose session ended: a stop from outside wins, then a session that
 * failed or threw (`failure`), then how its last round ended (`FINISH` completes it).
 * @example
 * judgeTaskEnd(undefined, outcome, undefined); // { status: 'completed', error: undefined }
 */
export function judgeTaskEnd(
  stop: TaskStop,
  outcome: SessionOutcome | undefined,
  failure: unknown,
): { status: TaskRecordStatus; error: string | undefined } {
  if (stop) return { status: stop.status, error: stop.reason };
  if (failure !== undefined || !outcome) return { status: 'failed', error: `the session failed: ${errorMessage(failure)}` };
  const managed = outcome as Partial<ManagedSessionOutcome>;
  if (managed.status === 'failed') return { status: 'failed', error: `the session failed: ${managed.failure?.message ?? 'unknown error'}` };
  const last = outcome.rounds[outcome.rounds.length - 1];
  if (!last) return { status: 'failed', error: 'no round ran' };
  switch (last.finalState) {
    case 'FINISH':
      return { status: 'completed', error: undefined };
    case 'CANCELLED':
      return { status: 'cancelled', error: 'the session was cancelled' };
    case 'MAX_STEP':
      return { status: 'failed', error: 'the step limit was reached before the task finished' };
    case 'ERROR':
      return { status: 'failed', error: `the round ended in ERROR: ${describe(last.result)}` };
    default:
      return { status: 'failed', error: `the agent ended the task in ${last.finalState}: ${describe(last.result)}` };
  }
}

function describe(result: unknown): string {
  if (result && typeof result === 'object' && 'error' in result) return errorMessage((result as { error: unknown }).error);
  return typeof result === 'string' ? result : JSON.stringify(result) ?? 'no result';
}
