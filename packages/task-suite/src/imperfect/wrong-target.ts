import type { GroundedModel } from '../grounded/grounded-model.js';
import { neighbourOf } from './listed-controls.js';
import type { Prng } from './prng.js';
import { withId, type Quirk } from './quirk.js';

/** How often `wrong-target` clicks the neighbour when it can (about 1 click in 4). */
export const WRONG_TARGET_RATE = 0.25;

/**
 * `wrong-target`: now and then (probability `rate` per click, and at least once per task when a click allows it)
 * it clicks the nearest listed control of the same role while naming the intended one in `name`. The tool (and
 * the engine) refuse the mismatch; the player's retry clicks the right control.
 */
export function wrongTargetQuirk(player: GroundedModel, rng: Prng, rate = WRONG_TARGET_RATE): Quirk {
  let used = false;
  return {
    after(turn, reply) {
      const played = turn.player.lastPlayed;
      if (played.length !== 1 || turn.listing.lastActionFailed) return reply;
      const index = played[0]!;
      if (!('click' in player.steps[index]!) || reply.action[0]?.function !== 'click_input') return reply;
      const intended = turn.listing.controls.find((c) => c.id === reply.action[0]!.arguments.id);
      const neighbour = intended && intended.name.trim() !== '' ? neighbourOf(turn.listing, intended) : undefined;
      if (!neighbour) return reply;
      const lastClick = !player.steps.slice(index + 1).some((s) => 'click' in s);
      const wrong = rng.chance(rate) || (!used && lastClick);
      if (!wrong) return reply;
      used = true;
      return { ...withId(reply, 0, neighbour.id), thought: `${reply.thought} (clicking [${neighbour.id}])` };
    },
  };
}
