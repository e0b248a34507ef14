import { resolveStep } from '../grounded/grounded-model.js';
import type { ScriptedCall } from '@ufo-ts/processor-strategies';
import type { GroundedModel } from '../grounded/grounded-model.js';
import { clicksMenu, menuOpen } from './listed-controls.js';
import type { Prng } from './prng.js';
import { call, type Quirk } from './quirk.js';

/**
 * `ping-pong`: at one menu click of the solution (chosen by the seed) it opens that menu and closes it again
 * (Escape, or a second click — also chosen by the seed), over and over, until the prompt carries a
 * `<Progress check:>`; then it heeds the engine and goes back to the reference path.
 */
export function pingPongQuirk(player: GroundedModel, rng: Prng): Quirk {
  const menuSteps = player.steps.flatMap((s, i) => (clicksMenu(s) ? [i] : []));
  const target = rng.pick(menuSteps);
  const closeWithEscape = rng.chance(0.5);
  let phase: 'before' | 'opened' | 'closed' | 'done' = target === undefined ? 'done' : 'before';
  let menuCall: ScriptedCall | undefined;
  return {
    before(turn) {
      if (phase === 'done' || target === undefined) return undefined;
      if (phase !== 'before' && turn.notices.progressCheck) {
        phase = 'done';
        // The menu is open and what the path does next is listed: the reference's own click on the menu would close
        // it again, so the path goes on after it.
        const next = player.steps[target + 1];
        if (next !== undefined && !('missing' in resolveStep(next, turn.listing))) {
          player.markPlayed(target);
          return undefined;
        }
        // Otherwise the path starts again at the menu click, from a closed menu.
        if (menuOpen(turn.listing)) return turn.detour('Closing the menu to take the path from its start.', [call('keyboard_input', { keys: 'Escape' })]);
        // A submenu's click needs its parent menu open again: go back to the latest earlier step listed now.
        if ('missing' in resolveStep(player.steps[target]!, turn.listing)) {
          for (let i = target - 1; i >= 0; i -= 1) {
            if (!('missing' in resolveStep(player.steps[i]!, turn.listing))) {
              player.markPlayed(i - 1);
              break;
            }
          }
        }
        return undefined;
      }
      const resolution = resolveStep(player.steps[target]!, turn.listing);
      if ('calls' in resolution && resolution.calls[0]) menuCall = resolution.calls[0];
      if (phase === 'before') {
        if (turn.player.position !== target || turn.listing.lastActionFailed || 'missing' in resolution || !menuCall) return undefined;
        phase = 'opened';
        return turn.detour('Opening the menu.', [menuCall]);
      }
      if (phase === 'opened' && closeWithEscape) {
        phase = 'closed';
        return turn.detour('Closing the menu again.', [call('keyboard_input', { keys: 'Escape' })]);
      }
      phase = phase === 'opened' ? 'closed' : 'opened';
      return turn.detour(phase === 'opened' ? 'Opening the menu.' : 'Closing the menu again.', [menuCall!]);
    },
  };
}
