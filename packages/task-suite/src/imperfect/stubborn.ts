import { resolveActions, type ControlFinder } from '../grounded/grounded-model.js';
import type { ReferenceStep } from '../grounded/reference-steps.js';
import { describeRef, findControl } from '../grounded/resolve.js';
import { lastActionStuck } from './prompt-notices.js';
import { call, type Quirk } from './quirk.js';

/** Finds a control as listed, disabled or not (a trap's tempting control is often disabled). */
const evenDisabled: ControlFinder = (listing, ref) => {
  const found = findControl(listing, ref);
  return found && { ...found, states: found.states.filter((s) => s !== 'disabled') };
};

/**
 * `stubborn`: when its last action failed or changed nothing, it sends exactly the same actions again, forever; it
 * ignores `<Progress check:>`. With `trap` steps (a trap task's tempting action) it plays those first, on their
 * controls even when they are listed as disabled.
 */
export function stubbornQuirk(trap: readonly ReferenceStep[] = [], patience = 6, waitSeconds = 0.5): Quirk {
  let next = 0;
  let waits = 0;
  return {
    before(turn) {
      const previous = turn.previous;
      if (previous && previous.action.some((a) => a.function !== 'wait') && lastActionStuck(turn.listing.lastActions ?? [])) {
        return turn.detour('That did nothing; doing exactly the same again.', previous.action);
      }
      for (; next < trap.length; next += 1) {
        const step = trap[next]!;
        if ('finish' in step) continue;
        const resolution =
          step.when !== undefined && !findControl(turn.listing, step.when)
            ? { missing: `no control with ${describeRef(step.when)} yet` }
            : resolveActions('all' in step ? step.all : [step], turn.listing, evenDisabled);
        if ('missing' in resolution) {
          if (waits >= patience) {
            next = trap.length; // the trap never showed: play the reference
            return undefined;
          }
          waits += 1;
          return turn.detour(`Waiting for the tempting control: ${resolution.missing}.`, [call('wait', { seconds: waitSeconds })]);
        }
        next += 1;
        waits = 0;
        return turn.detour(`Trying the tempting step ${next} of the trap.`, resolution.calls);
      }
      return undefined;
    },
  };
}
