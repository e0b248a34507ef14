// Keys held around pointer input, and keys held for a time, are released whatever happens: after the action, when it
// throws, when the hold is cancelled. And the names of held keys: modifiers are their left keys.
import { describe, expect, it } from 'vitest';
import type { XDisplay } from '../../src/x11/x-display.js';
import { heldKeyNames, heldKeysyms } from '../../src/x11/held-keys.js';
import { XInput } from '../../src/x11/xtest-input.js';

const KEYSYMS = { ctrl: 0xffe3, shift: 0xffe1, alt: 0xffe9, super: 0xffeb, a: 0x61, x: 0x78, plus: 0x2b };
const MIN_KEYCODE = 8;
const [KeyPress, KeyRelease, ButtonPress, ButtonRelease, MotionNotify] = [2, 3, 4, 5, 6];

/** A display whose XTEST records every fake event; `failSyncAt` makes the n-th sync throw. */
function fakeDisplay(options: { failSyncAt?: number } = {}) {
  const events: string[] = [];
  const mapped = Object.values(KEYSYMS);
  const keymap = Array.from({ length: 100 }, (_, i) => (i < mapped.length ? [mapped[i]!, mapped[i]!] : [0, 0]));
  const name = (keysym: number) => Object.entries(KEYSYMS).find(([, sym]) => sym === keysym)![0];
  let syncs = 0;
  const xtest = {
    KeyPress,
    KeyRelease,
    ButtonPress,
    ButtonRelease,
    MotionNotify,
    FakeInput(type: number, detail: number, _time: number, _root: number, x: number, y: number) {
      if (type === KeyPress || type === KeyRelease) events.push(`${type === KeyPress ? 'down' : 'up'} ${name(keymap[detail - MIN_KEYCODE]![0]!)}`);
      else if (type === ButtonPress || type === ButtonRelease) events.push(`${type === ButtonPress ? 'press' : 'release'} ${detail}`);
      else events.push(`move ${x},${y}`);
    },
  };
  const xd = {
    minKeycode: MIN_KEYCODE,
    maxKeycode: MIN_KEYCODE + keymap.length - 1,
    root: 1,
    width: 1280,
    height: 800,
    xtest: async () => xtest,
    sync: async () => {
      syncs += 1;
      if (syncs === options.failSyncAt) throw new Error('connection lost');
    },
    client: {
      GetKeyboardMapping: (_first: number, _count: number, cb: (error: unknown, value: number[][]) => void) =>
        cb(
          undefined,
          keymap.map((row) => [...row]),
        ),
      QueryPointer: (_win: number, cb: (error: unknown, value: { rootX: number; rootY: number; keyMask: number }) => void) =>
        cb(undefined, { rootX: 5, rootY: 6, keyMask: 1 << 8 }),
    },
  } as unknown as XDisplay;
  return { xd, events };
}

describe('keys held around pointer input are released', () => {
  it('a click holding ctrl+shift: keys down, the clicks, keys up in reverse order', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await input.click(10, 20, { count: 3, holdKeysyms: heldKeysyms('ctrl+shift') });
    expect(events).toEqual([
      'move 10,20',
      'down ctrl',
      'down shift',
      'press 1',
      'release 1',
      'press 1',
      'release 1',
      'press 1',
      'release 1',
      'up shift',
      'up ctrl',
    ]);
  });

  it('when the action throws, the keys are still released', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await expect(input.withKeysHeld([KEYSYMS.alt], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(events).toEqual(['down alt', 'up alt']);
  });

  it('a drag whose connection fails midway releases the button and the held key', async () => {
    const { xd, events } = fakeDisplay({ failSyncAt: 3 });
    const input = await XInput.create(xd);
    await expect(input.drag({ x: 0, y: 0 }, { x: 100, y: 0 }, { steps: 5, stepDelayMs: 1, holdKeysyms: [KEYSYMS.shift] })).rejects.toThrow('connection lost');
    expect(events.slice(-2)).toEqual(['release 1', 'up shift']);
  });

  it('scrolling with ctrl held: ctrl is down for every notch', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await input.scroll(10, 10, 2, 0, { holdKeysyms: [KEYSYMS.ctrl] });
    expect(events).toEqual(['move 10,10', 'down ctrl', 'press 4', 'release 4', 'press 4', 'release 4', 'up ctrl']);
  });
});

describe('XInput.holdKeys', () => {
  it('holds the keys for the time given, then releases them', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    const started = performance.now();
    const held = await input.holdKeys([KEYSYMS.shift, KEYSYMS.x], 150);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(held).toBeGreaterThanOrEqual(145);
    expect(events).toEqual(['down shift', 'down x', 'up x', 'up shift']);
  });

  it('a cancelled hold ends at once and releases the keys', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const held = await input.holdKeys([KEYSYMS.ctrl], 10_000, controller.signal);
    expect(held).toBeLessThan(1000);
    expect(events).toEqual(['down ctrl', 'up ctrl']);
  });
});

describe('pointer primitives', () => {
  it('press and release one button; moveTo in steps from where the pointer is; pointerState reads the buttons down', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await input.press('left');
    await input.moveTo({ x: 25, y: 6 }, { steps: 2, stepDelayMs: 1 });
    await input.release('left');
    await input.click(1, 1, { button: 'back' });
    expect(events).toEqual(['press 1', 'move 15,6', 'move 25,6', 'release 1', 'move 1,1', 'press 8', 'release 8']);
    expect(await input.pointerState()).toEqual({ x: 5, y: 6, buttons: ['left'] });
  });
});

describe('heldKeysyms', () => {
  it('modifier names are their left keys; other names are keys; "+" and spaces separate', () => {
    expect(heldKeysyms('ctrl+shift')).toEqual([KEYSYMS.ctrl, KEYSYMS.shift]);
    expect(heldKeysyms('Control+ALT')).toEqual([KEYSYMS.ctrl, KEYSYMS.alt]);
    expect(heldKeysyms('cmd a')).toEqual([KEYSYMS.super, KEYSYMS.a]);
    expect(heldKeysyms('ctrl++')).toEqual([KEYSYMS.ctrl, KEYSYMS.plus]);
    expect(heldKeysyms('shift+shift')).toEqual([KEYSYMS.shift]);
    expect(heldKeyNames(' ctrl+Return ')).toEqual(['ctrl', 'Return']);
  });

  it('no keys, or an unknown name, is refused', () => {
    expect(() => heldKeysyms('  ')).toThrow(/no keys given/);
    expect(() => heldKeysyms('ctrl+nokey')).toThrow(/unknown key "nokey"/);
  });
});
