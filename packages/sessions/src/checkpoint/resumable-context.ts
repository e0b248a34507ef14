import { Context, type ContextJSON, type ContextOptions } from '@ufo-ts/core';

/**
 * A {@link Context} restored from a checkpoint. The interrupted round starts again through `Round.run`, which
 * calls `beginRound` and would reset the round's step, cost and subtask counters: for that one round the reset is
 * skipped, so the counters continue where they were.
 */
export class ResumableContext extends Context {
  private resumedRound: number | undefined;

  constructor(initial: ContextJSON, resumedRound: number | undefined, options: ContextOptions = {}) {
    super(initial, options);
    this.resumedRound = resumedRound;
  }

  override beginRound(roundId: number, request: string): void {
    if (roundId === this.resumedRound) {
      this.resumedRound = undefined;
      this.set('CURRENT_ROUND_ID', roundId);
      this.set('REQUEST', request);
      return;
    }
    super.beginRound(roundId, request);
  }
}
