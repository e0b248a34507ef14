import type { ManagedSessionOutcome } from '@ufo-ts/sessions';

/**
 * Exit codes of `ufo run`, `ufo resume` and `ufo replay` (documented in the README):
 * - 0: the session completed and its last round FINISHed (replay: the same steps as the recording);
 * - 1: the task was not done (FAIL, ERROR, MAX_STEP, a failed session; replay: diverged);
 * - 2: usage or configuration error;
 * - 3: waiting for a person (a sensitive action or questions): continue with `ufo resume`;
 * - 130: cancelled (Ctrl+C): continue with `ufo resume`.
 */
export const EXIT_CODES = { ok: 0, notDone: 1, usage: 2, waiting: 3, cancelled: 130 } as const;

/** The exit code of a session outcome. */
export function exitCodeOf(outcome: Pick<ManagedSessionOutcome, 'status' | 'rounds'>): number {
  switch (outcome.status) {
    case 'waiting':
      return EXIT_CODES.waiting;
    case 'cancelled':
      return EXIT_CODES.cancelled;
    case 'completed':
      return outcome.rounds.length > 0 && outcome.rounds.every((r) => r.finalState === 'FINISH') ? EXIT_CODES.ok : EXIT_CODES.notDone;
    default:
      return EXIT_CODES.notDone;
  }
}
