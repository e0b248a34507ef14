import { resolveStep, type GroundedModel } from '../grounded/grounded-model.js';
import type { ScriptedReply } from '@ufo-ts/processor-strategies';
import { normalizeName } from '../grounded/resolve.js';
import { clicksMenu, isMenu, menuOpen, opensDialog } from './listed-controls.js';
import type { Prng } from './prng.js';
import { call, type Quirk, type Turn } from './quirk.js';

/** Buttons that close a dialog without doing anything. */
const CANCEL = new Set(['cancel', 'close']);

/** Prompts a wrong turn waits for its dialog to show, at most. */
const DIALOG_PATIENCE = 3;

/** A wrong turn under way: a menu it opened (to close, or to open a dialog from), or a dialog it opened. */
type Detour = { phase: 'menu-open'; dialog: boolean; windows: string[] } | { phase: 'dialog-opening'; windows: string[]; waited: number };

/**
 * `explorer`: it takes one or two harmless wrong turns (the number chosen by the seed) before steps where one is
 * possible — the next step can be played, no menu is open and the listing has a menu the solution is not about to
 * use. Such steps are its opportunities; the seed chooses the first or second for the first turn, and one of the
 * next two for a second. A turn opens that menu and closes it with Escape, or (seeded) clicks one of its `…` items
 * and cancels the dialog that opens (its Cancel or Close button, else Escape). Then it plays the reference path.
 */
export function explorerQuirk(player: GroundedModel, rng: Prng): Quirk {
  const finish = player.steps.findIndex((s) => 'finish' in s);
  const stepCount = finish < 0 ? player.steps.length : finish;
  const first = 1 + rng.int(2);
  const points = rng.chance(0.5) ? [first] : [first, first + 1 + rng.int(2)];
  const seen = new Set<number>();
  let opportunities = 0;
  let detour: Detour | undefined;

  const continueDetour = (turn: Turn, current: Detour): ScriptedReply => {
    if (current.phase === 'menu-open') {
      const items = current.dialog
        ? turn.listing.controls.filter((c) => /menu item$/.test(normalizeName(c.role)) && opensDialog(c) && !c.states.includes('disabled'))
        : [];
      const item = rng.pick(items);
      if (!item) {
        detour = undefined;
        return turn.detour('Not what I need; closing the menu.', [call('keyboard_input', { keys: 'Escape' })]);
      }
      detour = { phase: 'dialog-opening', windows: current.windows, waited: 0 };
      return turn.detour(`Having a look at ${item.name}.`, [call('click_input', { id: item.id, name: item.name })]);
    }
    const cancel = turn.listing.controls.find(
      (c) => /button$/.test(normalizeName(c.role)) && CANCEL.has(normalizeName(c.name)) && !c.states.includes('disabled'),
    );
    const opened = turn.listing.windows.some((w) => !current.windows.includes(w.id));
    if (!cancel && !opened && current.waited < DIALOG_PATIENCE) {
      current.waited += 1;
      return turn.detour('Waiting for the dialog.', [call('wait', { seconds: 0.5 })]);
    }
    detour = undefined;
    if (cancel) return turn.detour('Not what I need; cancelling the dialog.', [call('click_input', { id: cancel.id, name: cancel.name })]);
    return turn.detour('Not what I need; closing the dialog.', [call('keyboard_input', { keys: 'Escape' })]);
  };

  return {
    before(turn) {
      if (detour) return continueDetour(turn, detour);
      const at = turn.player.position;
      if (points.length === 0 || at >= stepCount || !safeToWander(turn)) return undefined;
      const avoid = nextMenuName(player, at);
      const menus = turn.listing.controls.filter((c) => isMenu(c) && !c.states.includes('disabled') && normalizeName(c.name) !== avoid);
      if (menus.length === 0) return undefined;
      if (!seen.has(at)) {
        seen.add(at);
        opportunities += 1;
      }
      if (opportunities < points[0]!) return undefined;
      points.shift();
      const menu = rng.pick(menus)!;
      detour = { phase: 'menu-open', dialog: rng.chance(0.5), windows: turn.listing.windows.map((w) => w.id) };
      return turn.detour(`Looking into the ${menu.name} menu first.`, [call('click_input', { id: menu.id, name: menu.name })]);
    },
  };
}

/** No menu open, no failure to recover from, and the next step can be played now (a wrong turn leaves it so). */
function safeToWander(turn: Turn): boolean {
  const step = turn.player.steps[turn.player.position];
  return step !== undefined && !turn.listing.lastActionFailed && !menuOpen(turn.listing) && !('missing' in resolveStep(step, turn.listing));
}

/** The normalised name of the next menu the solution clicks from step `at` on, if any. */
function nextMenuName(player: GroundedModel, at: number): string | undefined {
  const name = player.steps.slice(at).find(clicksMenu)?.click.name;
  return name === undefined ? undefined : normalizeName(name);
}
