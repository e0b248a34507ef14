// confirmToggle on a check menu item: LibreOffice updates the item's state only when its menu opens again, so a
// click whose effect is that the menu closed is a success, and a menu item is never clicked a second time.
import { describe, expect, it, vi } from 'vitest';
import { systemClock, type Clock } from '@ufo-ts/core';
import type { AccessibleRef } from '../../src/atspi/accessible-node.js';
import type { ActionEffect } from '../../src/desktop/action-effect.js';
import type { ControlRecord } from '../../src/desktop/control-ids.js';
import type { DesktopSession } from '../../src/desktop/desktop-session.js';
import { confirmToggle } from '../../src/desktop/toggle-click.js';
import { NoEffectError } from '../../src/errors.js';

const BEFORE = ['enabled', 'sensitive', 'showing', 'visible', 'checkable', 'checked'];

/** A session whose control keeps the states `states` (a menu item LibreOffice has not updated yet). */
function session(states: () => string[], clock: Clock = systemClock): DesktopSession {
  return { atspi: { states: async (_ref: AccessibleRef) => states() }, clock } as unknown as DesktopSession;
}

function record(role: string, name: string): ControlRecord {
  return {
    id: 'a12',
    ref: { bus: ':1.42', path: '/item' },
    role,
    name,
    rawName: name,
    states: BEFORE,
    interfaces: [],
    rect: { x: 10, y: 40, width: 200, height: 22 },
    origin: { x: 0, y: 0 },
    depth: 5,
    parent: undefined,
  };
}

describe('confirmToggle: a check menu item', () => {
  it('whose state did not change but whose menu closed ("1 popup closed") is a success, and is not clicked again', async () => {
    const effect: ActionEffect = { changed: true, changes: ['1 popup closed'] };
    const retry = vi.fn(async () => 'a click at its box (20, 51)');
    const result = await confirmToggle({
      session: session(() => BEFORE),
      record: record('check menu item', 'While Typing'),
      before: BEFORE,
      first: 'a click at (110, 51)',
      effect: async () => effect,
      retry,
    });
    expect(result).toEqual(effect);
    expect(retry).not.toHaveBeenCalled();
  });

  it('"2 popups closed" (the submenu and its menu) too, for a radio menu item as well', async () => {
    const effect: ActionEffect = { changed: true, changes: ['a12 (radio menu item "Web") states: -armed', '2 popups closed'] };
    const retry = vi.fn(async () => 'a click at its box (20, 51)');
    const result = await confirmToggle({
      session: session(() => ['enabled', 'showing']),
      record: record('radio menu item', 'Web'),
      before: ['enabled', 'showing'],
      first: 'a click',
      effect: async () => effect,
      retry,
    });
    expect(result).toEqual(effect);
    expect(retry).not.toHaveBeenCalled();
  });

  it('that closed nothing and did not flip fails NO_EFFECT, still without a second click', async () => {
    const retry = vi.fn(async () => 'a click at its box (20, 51)');
    const attempt = confirmToggle({
      session: session(() => BEFORE),
      record: record('check menu item', 'While Typing'),
      before: BEFORE,
      first: 'a click at (110, 51)',
      effect: async () => ({ changed: false, changes: ['no visible change'] }),
      retry,
    });
    await expect(attempt).rejects.toBeInstanceOf(NoEffectError);
    expect(retry).not.toHaveBeenCalled();
  });

  it('a check box is still clicked a second time when the first click did not flip it', async () => {
    let clicks = 1;
    const retry = vi.fn(async () => ((clicks += 1), 'a click at its box (20, 51)'));
    const result = await confirmToggle({
      session: session(() => (clicks > 1 ? ['enabled', 'showing', 'checked'] : ['enabled', 'showing'])),
      record: record('check box', 'Bold'),
      before: ['enabled', 'showing'],
      first: 'a click at (110, 51)',
      effect: async () => ({ changed: true, changes: clicks > 1 ? ['a12 (check box "Bold") states: +checked'] : ['1 popup closed'] }),
      retry,
    });
    expect(retry).toHaveBeenCalledTimes(1);
    expect(result.changes.join('\n')).toMatch(/flipped on the second click/);
  });
});

describe('confirmToggle: the wait for the flip', () => {
  it("ends when the session's clock says the wait is over, however little real time passed", async () => {
    let reads = 0;
    let monotonic = 0;
    // every reading of the clock is a second later: the deadline has passed at the first check
    const jumping: Clock = { ...systemClock, monotonic: () => (monotonic += 1000) };
    const attempt = confirmToggle({
      session: session(() => ((reads += 1), ['enabled', 'showing']), jumping),
      record: record('check box', 'Bold'),
      before: ['enabled', 'showing'],
      first: 'a click at (110, 51)',
      effect: async () => ({ changed: false, changes: ['no visible change'] }),
    });
    await expect(attempt).rejects.toBeInstanceOf(NoEffectError);
    expect(reads).toBe(1);
  });
});
