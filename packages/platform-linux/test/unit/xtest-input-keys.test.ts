// XInput.keys pauses after a key combination with modifiers when more keys follow: LibreOffice posts the command of
// a shortcut, so "ctrl+End Return" typed in one burst broke the line where the caret was, not at the end.
import { describe, expect, it } from 'vitest';
import { parseKeySequence } from '../../src/x11/key-combo.js';
import type { XDisplay } from '../../src/x11/x-display.js';
import { SHORTCUT_PAUSE_MS, XInput } from '../../src/x11/xtest-input.js';

const KEYSYMS = { ctrl: 0xffe3, shift: 0xffe1, end: 0xff57, ret: 0xff0d, a: 0x61, b: 0x62 };
const MIN_KEYCODE = 8;

/** A display whose XTEST records each fake key event with the time it was sent. */
function fakeDisplay() {
  const events: { type: 'press' | 'release'; keysym: number; at: number }[] = [];
  // one keycode per keysym, in this order, from keycode 8; the rest spare (all zero)
  const mapped = Object.values(KEYSYMS);
  const keymap = Array.from({ length: 100 }, (_, i) => (i < mapped.length ? [mapped[i]!, mapped[i]!] : [0, 0]));
  const KeyPress = 2;
  const KeyRelease = 3;
  const xtest = {
    KeyPress,
    KeyRelease,
    ButtonPress: 4,
    ButtonRelease: 5,
    MotionNotify: 6,
    FakeInput(type: number, detail: number) {
      if (type !== KeyPress && type !== KeyRelease) return;
      events.push({ type: type === KeyPress ? 'press' : 'release', keysym: keymap[detail - MIN_KEYCODE]![0]!, at: performance.now() });
    },
  };
  const xd = {
    minKeycode: MIN_KEYCODE,
    maxKeycode: MIN_KEYCODE + keymap.length - 1,
    root: 1,
    width: 1280,
    height: 800,
    xtest: async () => xtest,
    sync: async () => {},
    client: {
      GetKeyboardMapping: (_first: number, _count: number, cb: (error: unknown, value: number[][]) => void) =>
        cb(
          undefined,
          keymap.map((row) => [...row]),
        ),
      ChangeKeyboardMapping: () => {
        throw new Error('every key is on the keyboard');
      },
    },
  } as unknown as XDisplay;
  return { xd, events };
}

/** When `keysym` was pressed (the n-th time). */
const pressedAt = (events: ReturnType<typeof fakeDisplay>['events'], keysym: number, n = 0): number =>
  events.filter((e) => e.type === 'press' && e.keysym === keysym)[n]!.at;
const releasedAt = (events: ReturnType<typeof fakeDisplay>['events'], keysym: number, n = 0): number =>
  events.filter((e) => e.type === 'release' && e.keysym === keysym)[n]!.at;

describe('XInput.keys: a pause after a shortcut', () => {
  it('"ctrl+End Return": Return is pressed SHORTCUT_PAUSE_MS after ctrl was released', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await input.keys(parseKeySequence('ctrl+End Return'));
    expect(events.map((e) => `${e.type} ${e.keysym.toString(16)}`)).toEqual([
      'press ffe3',
      'press ff57',
      'release ff57',
      'release ffe3',
      'press ff0d',
      'release ff0d',
    ]);
    // timers may fire a millisecond early
    expect(pressedAt(events, KEYSYMS.ret) - releasedAt(events, KEYSYMS.ctrl)).toBeGreaterThanOrEqual(SHORTCUT_PAUSE_MS - 5);
  });

  it('no pause after a key without modifiers, nor after the last chord', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    const started = performance.now();
    await input.keys(parseKeySequence('a b Return ctrl+a'));
    const took = performance.now() - started;
    expect(events.filter((e) => e.type === 'press').map((e) => e.keysym)).toEqual([KEYSYMS.a, KEYSYMS.b, KEYSYMS.ret, KEYSYMS.ctrl, KEYSYMS.a]);
    expect(took).toBeLessThan(SHORTCUT_PAUSE_MS);
  });

  it('a pause after each shortcut followed by more keys ("ctrl+a ctrl+b a": two pauses)', async () => {
    const { xd, events } = fakeDisplay();
    const input = await XInput.create(xd);
    await input.keys(parseKeySequence('ctrl+a ctrl+b a'));
    expect(pressedAt(events, KEYSYMS.ctrl, 1) - releasedAt(events, KEYSYMS.ctrl, 0)).toBeGreaterThanOrEqual(SHORTCUT_PAUSE_MS - 5);
    expect(pressedAt(events, KEYSYMS.a, 1) - releasedAt(events, KEYSYMS.ctrl, 1)).toBeGreaterThanOrEqual(SHORTCUT_PAUSE_MS - 5);
  });
});
