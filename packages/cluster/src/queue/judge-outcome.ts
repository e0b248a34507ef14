import { judgeTaskEnd, type TaskOutcome, type TaskRecordStatus, type TaskStop } from '@ufo-ts/server';
import type { ManagedSessionOutcome } from '@ufo-ts/sessions';

/**
 * The final status, error text and outcome of a session, as the task record shows them: the server's
 * `judgeTaskEnd`, and a session that stopped for a person without saying what it waits for fails.
 */
export function judgeOutcome(outcome: ManagedSessionOutcome, stop: TaskStop): {
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
  if (!stop && outcome.status === 'waiting') return { status: 'failed', error: 'the session stopped for a person without saying what it waits for', result };
  return { ...judgeTaskEnd(stop, outcome, undefined), result };
}
