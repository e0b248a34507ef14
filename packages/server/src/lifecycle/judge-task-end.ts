import { errorMessage, type SessionOutcome } from '@ufo-ts/core';
import type { ManagedSessionOutcome } from '@ufo-ts/sessions';
import type { TaskOutcome, TaskRecordStatus } from '../sessions/task-record.js';

/** Set when a session is stopped from outside (a cancel request, the device leaving, a budget, the server stopping). */
export type TaskStop = { status: TaskRecordStatus; reason: string } | undefined;

/** A managed session that stopped for a person, saying what for. */
export type WaitingOutcome = ManagedSessionOutcome & { waitingFor: NonNullable<ManagedSessionOutcome['waitingFor']> };

/** How a task ended: its final status, its error text, and what its session produced (when it ran). */
export interface TaskJudgement {
  status: TaskRecordStatus;
  error: string | undefined;
  result: TaskOutcome | undefined;
}

/**
 * Whether a session stopped for a person (and says what for): such a task is parked, not ended.
 * @example
 * if (!stop && isWaiting(outcome)) await parkTask(port, { record, waitingFor: outcome.waitingFor, policy, guard, logFolder });
 */
export function isWaiting(outcome: SessionOutcome | undefined): outcome is WaitingOutcome {
  const managed = outcome as Partial<ManagedSessionOutcome> | undefined;
  return managed?.status === 'waiting' && managed.waitingFor !== undefined;
}

/**
 * The final status, error text and outcome of a task whose session ended: a stop from outside wins, then a session
 * that failed or threw (`failure`), then one that stopped for a person without saying what for, then how its last
 * round ended (`FINISH` completes it).
 * @example
 * judgeTaskEnd(undefined, outcome, undefined); // { status: 'completed', error: undefined, result: { rounds, steps, cost, final_state: 'FINISH' } }
 */
export function judgeTaskEnd(stop: TaskStop, outcome: SessionOutcome | undefined, failure: unknown): TaskJudgement {
  return { ...verdict(stop, outcome, failure), result: outcome && outcomeOf(outcome) };
}

/** What a session produced, as the task record keeps it. */
function outcomeOf(outcome: SessionOutcome): TaskOutcome {
  const last = outcome.rounds.at(-1);
  return {
    rounds: outcome.rounds.map((round) => ({ request: round.request, result: round.result, finalState: round.finalState })),
    steps: outcome.steps,
    cost: outcome.cost,
    ...(last ? { final_state: last.finalState } : {}),
  };
}

function verdict(stop: TaskStop, outcome: SessionOutcome | undefined, failure: unknown): { status: TaskRecordStatus; error: string | undefined } {
  if (stop) return { status: stop.status, error: stop.reason };
  if (failure !== undefined || !outcome) return { status: 'failed', error: `the session failed: ${errorMessage(failure)}` };
  const managed = outcome as Partial<ManagedSessionOutcome>;
  if (managed.status === 'failed') return { status: 'failed', error: `the session failed: ${managed.failure?.message ?? 'unknown error'}` };
  if (managed.status === 'waiting') return { status: 'failed', error: 'the session stopped for a person without saying what it waits for' };
  const last = outcome.rounds.at(-1);
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
  return typeof result === 'string' ? result : (JSON.stringify(result) ?? 'no result');
}
