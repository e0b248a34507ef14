import { resolveActions, resolveStep, type ControlFinder } from '../grounded/grounded-model.js';
import type { ReferenceAction } from '../grounded/reference-steps.js';
import { findControl } from '../grounded/resolve.js';
import { guessControl, intendedName } from './listed-controls.js';
import type { Quirk } from './quirk.js';

/**
 * A finder that takes the listed control when there is one, else a guess (the focused, else the first, control
 * of a matching role), named as the reference names it so the tool sees the mismatch.
 */
const guessing: ControlFinder = (listing, ref) => {
  const found = findControl(listing, ref);
  if (found) return found;
  const guess = guessControl(listing, ref);
  const name = intendedName(ref);
  return guess && (name !== undefined ? { ...guess, name } : guess);
};

/**
 * `hasty`: where the player would wait for a control the prompt does not list yet (a dialog still opening, a
 * `when` not met), it acts at once against its best guess, naming the intended control; then it follows the
 * results (a failure makes the player try the step again, waiting as it does). Once per step.
 */
export function hastyQuirk(): Quirk {
  const hurried = new Set<number>();
  return {
    before(turn) {
      const { player, listing } = turn;
      const index = player.position;
      const step = player.steps[index];
      if (step === undefined || listing.lastActionFailed || 'finish' in step || hurried.has(index)) return undefined;
      const actions: ReferenceAction[] = 'all' in step ? step.all : [step];
      if (actions.some((a) => 'selectWindow' in a || 'wait' in a)) return undefined;
      if (!('missing' in resolveStep(step, listing))) return undefined;
      const guessed = resolveActions(actions, listing, guessing);
      if ('missing' in guessed) return undefined;
      hurried.add(index);
      player.markPlayed(index, { retry: true, actions: guessed.calls.length });
      return player.answer(`Step ${index + 1}, without waiting for what it names.`, guessed.calls);
    },
  };
}
