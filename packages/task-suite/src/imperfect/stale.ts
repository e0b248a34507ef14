import type { GroundedModel } from '../grounded/grounded-model.js';
import type { ListedItem, PromptListing } from '@ufo-ts/processor-strategies';
import { listingChanged, looksEqual } from './listed-controls.js';
import type { Prng } from './prng.js';
import { withId, type Quirk } from './quirk.js';

/** Whether a step names a control the reply's call carries the id of (and is retried by the player on a failure). */
function namesControl(step: GroundedModel['steps'][number]): boolean {
  return 'click' in step || 'setText' in step || (('type' in step || 'keys' in step) && step.into !== undefined);
}

/**
 * `stale`: once, at or after a step chosen by the seed, on a prompt whose control listing changed since the
 * previous one, it uses the id an equal-looking control had in an earlier prompt's listing instead of the current
 * one. The tool refuses it; the player's retry re-resolves on the current listing.
 */
export function staleQuirk(player: GroundedModel, rng: Prng): Quirk {
  const candidates = player.steps.flatMap((s, i) => (i > 0 && namesControl(s) ? [i] : []));
  const from = rng.pick(candidates);
  let done = from === undefined;
  return {
    after(turn, reply) {
      const played = turn.player.lastPlayed;
      if (done || played.length !== 1 || played[0]! < from! || turn.listing.lastActionFailed) return reply;
      const step = player.steps[played[0]!]!;
      if ('all' in step || 'finish' in step) return reply;
      if (!listingChanged(turn.earlier[turn.earlier.length - 1], turn.listing)) return reply;
      for (let i = 0; i < reply.action.length; i += 1) {
        const args = reply.action[i]!.arguments;
        const current = turn.listing.controls.find((c) => c.id === args.id);
        if (current === undefined) continue;
        const old = staleId(turn.earlier, turn.listing, current, 'name' in args);
        if (old === undefined) continue;
        done = true;
        return { ...withId(reply, i, old), thought: `${reply.thought} (using the id it had before)` };
      }
      return reply;
    },
  };
}

/**
 * The id an equal-looking control had in an earlier listing (newest first) that is not its current id. Without a
 * name to check against (`type_text`), only an id the current listing no longer has, so the tool refuses it.
 */
function staleId(earlier: readonly PromptListing[], now: PromptListing, current: ListedItem, named: boolean): string | undefined {
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const old = earlier[i]!.controls.find((c) => c.id !== current.id && looksEqual(c, current) && (named || !now.controls.some((n) => n.id === c.id)));
    if (old) return old.id;
  }
  return undefined;
}
