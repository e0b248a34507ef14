import { errorMessage } from '@ufo-ts/core';
import type { TaskOutcome, TaskRecordStatus } from '@ufo-ts/server';
import type { ManagedSessionOutcome } from '@ufo-ts/sessions';

/** The final status, error text and outcome of a session, as the task record shows them. */
export function judgeOutcome(outcome: ManagedSessionOutcome, stop: { status: TaskRecordStatus; reason: string } | undefined): {
  status: TaskRecordStatus;
  error: string | undefined;
  result: TaskOutcome;
} {
  const last = outcome.rounds.at(-1);
  const result: TaskOutcome = {
    rounds: outcome.rounds.map((r) => ({ request: r.request, result: r.result, finalState: r.finalState })),
    steps: outcome.steps,
    cost: outcome.cost,
    ...(last ? { final_state: last.finalState } : {}),
  };
  if (stop) return { status: stop.status, error: stop.reason, result };
  if (outcome.status === 'failed') return { status: 'failed', error: `the session failed: ${outcome.failure?.message ?? 'unknown error'}`, result };
  if (outcome.status === 'waiting') return { status: 'failed', error: 'the session stopped for a person without saying what it waits for', result };
  if (!last) return { status: 'failed', error: 'no round ran', result };
  switch (last.finalState) {
    case 'FINISH':
      return { status: 'completed', error: undefined, result };
    case 'CANCELLED':
      return { status: 'cancelled', error: 'the session was cancelled', result };
    case 'MAX_STEP':
      return { status: 'failed', error: 'the step limit was reached before the task finished', result };
    case 'ERROR':
      return { status: 'failed', error: `the round ended in ERROR: ${describe(last.result)}`, result };
    default:
      return { status: 'failed', error: `the agent ended the task in ${last.finalState}: ${describe(last.result)}`, result };
  }
}

function describe(result: unknown): string {
  if (result && typeof result === 'object' && 'error' in result) return errorMessage((result as { error: unknown }).error);
  return typeof result === 'string' ? result : JSON.stringify(result) ?? 'no result';
}
