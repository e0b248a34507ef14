// How long an action's effect is watched. A click into a window that does not have the focus first moves the focus;
// the application handles the click after that (galculator's display showed "7" only after the focus had moved, on a
// busy machine). Reporting the focus move alone told the model its click did nothing else, and it clicked again.
import { describe, expect, it } from 'vitest';
import type { Clock } from '@ufo-ts/core';
import type { ControlRecord } from '../../src/desktop/control-ids.js';
import { watchEffect, type ControlState, type EffectSnapshot } from '../../src/desktop/effect-watch.js';

const MAIN = 2097155;
const DIALOG = 2100850;

/** A clock whose sleeps pass at once: the watch runs in virtual time, as fast as the test can go. */
function steppingClock(): Clock & { elapsed: () => number } {
  let mono = 0;
  return {
    now: () => mono,
    monotonic: () => mono,
    sleep: async (ms) => {
      mono += ms;
    },
    elapsed: () => mono,
  };
}

const display = (text: string): ControlState => ({ gone: false, states: ['enabled', 'showing'], name: '', text });
const key = (states: string[]): ControlState => ({ gone: false, states, name: '7' });

function snapshot(active: number, text: string, keyStates: string[] = ['enabled']): EffectSnapshot {
  return {
    windows: new Map([
      [MAIN, 'galculator'],
      [DIALOG, 'galculator Preferences'],
    ]),
    popups: new Set(),
    active,
    controls: new Map([
      ['a6', display(text)],
      ['a34', key(keyStates)],
    ]),
  };
}

const records = new Map<string, ControlRecord>([
  ['a6', { id: 'a6', role: 'text', name: '' } as ControlRecord],
  ['a34', { id: 'a34', role: 'toggle button', name: '7' } as ControlRecord],
]);

/** Watches an action whose snapshots, by virtual time since the action, are given by `at`. */
async function watch(at: (ms: number) => EffectSnapshot, timing: Parameters<typeof watchEffect>[1] = {}) {
  const clock = steppingClock();
  let taken = 0;
  const take = async () => {
    taken += 1;
    return at(clock.elapsed());
  };
  const effect = await watchEffect({ before: snapshot(DIALOG, '0'), take, records, targetId: 'a34', clock, compared: 'windows and controls' }, timing);
  return { effect, taken, waited: clock.elapsed() };
}

describe('watchEffect', () => {
  it('keeps watching after a window took the focus, and reports the effect the click had after that', async () => {
    const { effect } = await watch((ms) => snapshot(MAIN, ms < 200 ? '0' : '7'));
    expect(effect.changes).toEqual(['focus moved to window "galculator" (2097155)', 'a6 (text "") text: "0" → "7"']);
  });

  it('reports a focus move that stays alone once the timeout has passed, as a change', async () => {
    const { effect, waited } = await watch(() => snapshot(MAIN, '0'), { timeoutMs: 400 });
    expect(effect).toEqual({ changed: true, changes: ['focus moved to window "galculator" (2097155)'] });
    expect(waited).toBeGreaterThanOrEqual(400);
  });

  it('ends the wait at the first snapshot that shows a real effect', async () => {
    const { effect, taken, waited } = await watch(() => snapshot(MAIN, '7'));
    expect(effect.changes).toContain('a6 (text "") text: "0" → "7"');
    expect([taken, waited]).toEqual([1, 0]);
  });

  it("waits only the quiet time, not the timeout, when the target's press feedback is all that changed", async () => {
    const { effect, waited } = await watch(() => snapshot(DIALOG, '0', ['enabled', 'pressed']), { timeoutMs: 400, quietMs: 150 });
    expect(effect.changes).toEqual(['a34 (toggle button "7") states: +pressed']);
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(400);
  });

  it('reports no visible change only after the timeout and the grace', async () => {
    const { effect, waited } = await watch(() => snapshot(DIALOG, '0'), { timeoutMs: 400, graceMs: 800 });
    expect(effect.changed).toBe(false);
    expect(effect.changes[0]).toMatch(/^no visible change within 1200 ms \(windows and controls are unchanged\)$/);
    expect(waited).toBe(1200);
  });
});
