import type { GroundedModel } from '../grounded/grounded-model.js';
import { actsOnApp } from './listed-controls.js';
import type { Quirk } from './quirk.js';

/**
 * `premature`: replies FINISH in place of the solution's last step that acts on the app (the one before the final
 * `finish`, window selections and waits aside). When the engine rejects it (`<Finish check:>`), the player plays
 * the skipped step and the rest, and finishes.
 */
export function prematureQuirk(player: GroundedModel): Quirk {
  const finish = player.steps.findLastIndex((s) => 'finish' in s);
  let target = -1;
  for (let i = finish - 1; i >= 0; i -= 1) {
    if (actsOnApp(player.steps[i])) {
      target = i;
      break;
    }
  }
  let done = target < 0;
  return {
    before(turn) {
      if (done || turn.player.position !== target || turn.listing.lastActionFailed) return undefined;
      done = true;
      const end = player.steps[finish];
      const result = end && 'finish' in end ? end.result : undefined;
      return { ...turn.detour('The task looks done.', []), status: 'FINISH', ...(result !== undefined ? { result } : {}) };
    },
  };
}
