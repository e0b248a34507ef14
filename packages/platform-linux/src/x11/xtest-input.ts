import type { XTestExtension } from './x11-types.js';
import { InputError } from '../errors.js';
import { sleep } from '../util/wait.js';
import { keysymForChar, MODIFIER_KEYSYMS, type KeyChord } from './key-combo.js';
import { xRequest, type XDisplay } from './x-display.js';

/** The pause after a key combination with modifiers before the next key of the same sequence. */
export const SHORTCUT_PAUSE_MS = 120;

/** Mouse buttons by name: X button numbers (8 and 9 are the side buttons applications read as back and forward). */
export const MOUSE_BUTTONS = { left: 1, middle: 2, right: 3, back: 8, forward: 9 } as const;
/** A mouse button name. */
export type MouseButton = keyof typeof MOUSE_BUTTONS;
/** X's state bits of the buttons that have one (Button1Mask to Button3Mask). */
const BUTTON_MASKS: ReadonlyArray<[MouseButton, number]> = [
  ['left', 1 << 8],
  ['middle', 1 << 9],
  ['right', 1 << 10],
];

/** The pointer as the X server reports it. */
export interface PointerState {
  x: number;
  y: number;
  /** The buttons held down (left, middle, right; X reports no state for the side buttons). */
  buttons: MouseButton[];
}

const SCROLL_UP = 4;
const SCROLL_DOWN = 5;
const SCROLL_LEFT = 6;
const SCROLL_RIGHT = 7;
const SHIFT_KEYSYM = 0xffe1;
/** Pause between moving the pointer and pressing a button. */
const MOTION_SETTLE_MS = 15;
/** Longer than GTK's default double-click time (400 ms). */
const DOUBLE_CLICK_GAP_MS = 500;

/** Options of {@link XInput.click}. */
export interface ClickOptions {
  button?: MouseButton;
  /** 1 = single click, 2 = double click. Default 1. */
  count?: number;
  /** Milliseconds between press and release. Default 0 (both in one batch, flushed together). */
  holdMs?: number;
  /** Keys (keysyms) held down around the clicks, released after them (also when they fail). */
  holdKeysyms?: readonly number[];
}

interface KeyLocation {
  code: number;
  shift: boolean;
}

/**
 * Real input through the XTEST extension: pointer motion, clicks, drags, scrolling and key presses, including
 * characters that are not on the keyboard (they are mapped onto spare keycodes first, as xdotool does).
 */
export class XInput {
  private keymap: number[][] = [];
  private readonly remapped = new Map<number, number>();
  /** When the last button was released (a double click right after another click is not recognised as one). */
  private lastRelease = -Infinity;
  /** Where this input last put the pointer. */
  private pointer: { x: number; y: number } | undefined;

  private constructor(
    private readonly xd: XDisplay,
    private readonly xtest: XTestExtension,
  ) {}

  /** Loads XTEST and the keyboard mapping. */
  static async create(xd: XDisplay): Promise<XInput> {
    const input = new XInput(xd, await xd.xtest());
    input.keymap = await xRequest<number[][]>((cb) => xd.client.GetKeyboardMapping(xd.minKeycode, xd.maxKeycode - xd.minKeycode + 1, cb));
    return input;
  }

  private fake(type: number, detail: number, x = 0, y = 0): void {
    this.xtest.FakeInput(type, detail, 0, this.xd.root, x, y);
  }

  /** Moves the pointer (XTEST motion, not yet flushed); returns false when it was there already. */
  private motion(x: number, y: number): boolean {
    const to = { x: Math.round(x), y: Math.round(y) };
    const moved = this.pointer?.x !== to.x || this.pointer?.y !== to.y;
    this.fake(this.xtest.MotionNotify, 0, to.x, to.y);
    this.pointer = to;
    return moved;
  }

  private checkPoint(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= this.xd.width || y >= this.xd.height) {
      throw new InputError(`point (${x}, ${y}) is outside the ${this.xd.width}x${this.xd.height} screen`);
    }
  }

  /** Moves the pointer. */
  async move(x: number, y: number): Promise<void> {
    this.checkPoint(x, y);
    this.motion(x, y);
    await this.xd.sync();
  }

  /** Clicks (or double-clicks) at a screen point. */
  async click(x: number, y: number, options: ClickOptions = {}): Promise<void> {
    this.checkPoint(x, y);
    const button = MOUSE_BUTTONS[options.button ?? 'left'];
    const count = options.count ?? 1;
    // GTK counts presses within its double-click time (400 ms) as one multi-click sequence: keep a double click
    // apart from an earlier click, or it is read as the tail of a triple click.
    const sinceLast = performance.now() - this.lastRelease;
    if (count > 1 && sinceLast < DOUBLE_CLICK_GAP_MS) await sleep(DOUBLE_CLICK_GAP_MS - sinceLast);
    if (this.motion(x, y)) {
      // Let the toolkit see the pointer arrive (enter/motion) before the press, as it would with a real hand: a
      // press in the same burst as the motion was occasionally dropped by GTK widgets under load.
      await this.xd.sync();
      await sleep(MOTION_SETTLE_MS);
    }
    await this.withKeysHeld(options.holdKeysyms ?? [], async () => {
      for (let i = 0; i < count; i += 1) {
        if (i > 0) await sleep(40);
        this.fake(this.xtest.ButtonPress, button);
        if (options.holdMs) {
          await this.xd.sync();
          await sleep(options.holdMs);
        }
        this.fake(this.xtest.ButtonRelease, button);
        await this.xd.sync();
      }
    });
    this.lastRelease = performance.now();
  }

  /** Presses a mouse button where the pointer is and leaves it down until {@link release}. */
  async press(button: MouseButton = 'left'): Promise<void> {
    this.fake(this.xtest.ButtonPress, MOUSE_BUTTONS[button]);
    await this.xd.sync();
  }

  /** Releases a mouse button where the pointer is (X ignores the release of a button that is not down). */
  async release(button: MouseButton = 'left'): Promise<void> {
    this.fake(this.xtest.ButtonRelease, MOUSE_BUTTONS[button]);
    await this.xd.sync();
    this.lastRelease = performance.now();
  }

  /**
   * Moves the pointer to a point in `steps` straight steps `stepDelayMs` apart (default 1 step: a jump), so that an
   * application sees the motion of a drag while a button is down.
   */
  async moveTo(to: { x: number; y: number }, options: { steps?: number; stepDelayMs?: number } = {}): Promise<void> {
    this.checkPoint(to.x, to.y);
    const steps = Math.max(1, Math.round(options.steps ?? 1));
    const from = steps > 1 ? (this.pointer ?? (await this.pointerState())) : to;
    for (let i = 1; i <= steps; i += 1) {
      if (i > 1) await sleep(options.stepDelayMs ?? 10);
      this.motion(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
      await this.xd.sync();
    }
  }

  /** Where the pointer is and which buttons are down, from the X server. */
  async pointerState(): Promise<PointerState> {
    const reply = await xRequest<{ rootX: number; rootY: number; keyMask: number }>((cb) => this.xd.client.QueryPointer(this.xd.root, cb));
    return { x: reply.rootX, y: reply.rootY, buttons: BUTTON_MASKS.filter(([, mask]) => (reply.keyMask & mask) !== 0).map(([name]) => name) };
  }

  /**
   * Runs `action` with keys (keysyms) held down: pressed in the order given before it, released in reverse order
   * after it, also when it throws.
   */
  async withKeysHeld<T>(keysyms: readonly number[], action: () => Promise<T>): Promise<T> {
    if (keysyms.length === 0) return action();
    await this.prepare(keysyms);
    const keys: KeyLocation[] = [];
    for (const sym of keysyms) keys.push(await this.locate(sym));
    const pressed: KeyLocation[] = [];
    try {
      for (const key of keys) {
        this.fake(this.xtest.KeyPress, key.code);
        pressed.push(key);
      }
      await this.xd.sync();
      return await action();
    } finally {
      for (const key of pressed.reverse()) this.fake(this.xtest.KeyRelease, key.code);
      await this.xd.sync();
    }
  }

  /**
   * Holds keys (keysyms) down for `ms` milliseconds, or until `signal` aborts, then releases them; they are released
   * also when the wait fails. Returns how long they were held, in milliseconds.
   */
  async holdKeys(keysyms: readonly number[], ms: number, signal?: AbortSignal): Promise<number> {
    return this.withKeysHeld(keysyms, async () => {
      const start = performance.now();
      if (!signal?.aborted) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, ms);
          signal?.addEventListener('abort', done, { once: true });
        });
      }
      return performance.now() - start;
    });
  }

  /** Presses at `from`, moves in `steps` to `to`, releases; `holdKeys` (keysyms) are held during the drag. */
  async drag(
    from: { x: number; y: number },
    to: { x: number; y: number },
    options: { button?: MouseButton; steps?: number; stepDelayMs?: number; holdKeysyms?: readonly number[] } = {},
  ): Promise<void> {
    this.checkPoint(from.x, from.y);
    this.checkPoint(to.x, to.y);
    const button = MOUSE_BUTTONS[options.button ?? 'left'];
    const steps = Math.max(1, options.steps ?? 10);
    await this.withKeysHeld(options.holdKeysyms ?? [], async () => {
      this.motion(from.x, from.y);
      this.fake(this.xtest.ButtonPress, button);
      try {
        await this.xd.sync();
        for (let i = 1; i <= steps; i += 1) {
          await sleep(options.stepDelayMs ?? 10);
          const x = from.x + ((to.x - from.x) * i) / steps;
          const y = from.y + ((to.y - from.y) * i) / steps;
          this.motion(x, y);
          await this.xd.sync();
        }
      } finally {
        this.fake(this.xtest.ButtonRelease, button);
      }
    });
    this.lastRelease = performance.now();
  }

  /**
   * Scrolls at a point: positive `dy` scrolls up (as the original's wheel_dist), positive `dx` right; one unit = one
   * wheel notch. `holdKeysyms` are held down while the wheel turns.
   */
  async scroll(x: number, y: number, dy: number, dx = 0, options: { holdKeysyms?: readonly number[] } = {}): Promise<void> {
    this.checkPoint(x, y);
    this.motion(x, y);
    const notches: number[] = [];
    for (let i = 0; i < Math.min(Math.abs(dy), 100); i += 1) notches.push(dy > 0 ? SCROLL_UP : SCROLL_DOWN);
    for (let i = 0; i < Math.min(Math.abs(dx), 100); i += 1) notches.push(dx > 0 ? SCROLL_RIGHT : SCROLL_LEFT);
    await this.withKeysHeld(options.holdKeysyms ?? [], async () => {
      for (const button of notches) {
        this.fake(this.xtest.ButtonPress, button);
        this.fake(this.xtest.ButtonRelease, button);
      }
      await this.xd.sync();
    });
  }

  /** Types text (any Unicode) with real key events into the focused window. */
  async type(text: string, options: { interKeyDelayMs?: number } = {}): Promise<void> {
    const chars = [...text];
    await this.prepare(chars.map(keysymForChar));
    const shift = await this.locate(SHIFT_KEYSYM);
    for (const char of chars) {
      const key = await this.locate(keysymForChar(char));
      if (key.shift) this.fake(this.xtest.KeyPress, shift.code);
      this.fake(this.xtest.KeyPress, key.code);
      this.fake(this.xtest.KeyRelease, key.code);
      if (key.shift) this.fake(this.xtest.KeyRelease, shift.code);
      if (options.interKeyDelayMs) {
        await this.xd.sync();
        await sleep(options.interKeyDelayMs);
      }
    }
    await this.xd.sync();
  }

  /**
   * Presses key chords in order (see `parseKeySequence`), pausing `SHORTCUT_PAUSE_MS` after a combination with
   * modifiers when more keys follow.
   */
  async keys(chords: readonly KeyChord[]): Promise<void> {
    await this.prepare(chords.map((chord) => chord.keysym));
    for (const [index, chord] of chords.entries()) {
      // a shortcut may be run later than the keys after it are handled (LibreOffice posts its commands: "ctrl+End
      // Return" would break the line where the caret was): a person's pause before the next key
      if (index > 0 && chords[index - 1]!.modifiers.length > 0) await sleep(SHORTCUT_PAUSE_MS);
      const key = await this.locate(chord.keysym);
      const modifiers = await Promise.all(chord.modifiers.map((m) => this.locate(MODIFIER_KEYSYMS[m])));
      if (key.shift && !chord.modifiers.includes('shift')) modifiers.push(await this.locate(SHIFT_KEYSYM));
      for (let i = 0; i < chord.repeat; i += 1) {
        for (const m of modifiers) this.fake(this.xtest.KeyPress, m.code);
        this.fake(this.xtest.KeyPress, key.code);
        this.fake(this.xtest.KeyRelease, key.code);
        for (const m of [...modifiers].reverse()) this.fake(this.xtest.KeyRelease, m.code);
      }
      await this.xd.sync();
    }
  }

  private find(keysym: number): KeyLocation | undefined {
    for (let i = 0; i < this.keymap.length; i += 1) {
      const row = this.keymap[i]!;
      if (row[0] === keysym) return { code: i + this.xd.minKeycode, shift: false };
      if (row[1] === keysym) return { code: i + this.xd.minKeycode, shift: true };
    }
    return undefined;
  }

  private async locate(keysym: number): Promise<KeyLocation> {
    const found = this.find(keysym);
    if (found) return found;
    await this.prepare([keysym]);
    const mapped = this.find(keysym);
    if (!mapped) throw new InputError(`cannot map keysym 0x${keysym.toString(16)} onto the keyboard`);
    return mapped;
  }

  /**
   * Maps every keysym that is not on the keyboard onto its own spare keycode, then waits once for clients to
   * reload the mapping. Distinct keycodes matter: a client translates a key event with the mapping it has when it
   * processes the event, so reusing one keycode for successive characters would garble text.
   */
  private async prepare(keysyms: readonly number[]): Promise<void> {
    const missing = [...new Set(keysyms)].filter((sym) => !this.find(sym));
    if (missing.length === 0) return;
    const perCode = this.keymap[0]?.length ?? 2;
    for (const sym of missing) {
      let index = this.keymap.findLastIndex((row) => row.every((k) => k === 0));
      if (index < 0) {
        // recycle the oldest keycode we remapped ourselves
        const oldest = this.remapped.entries().next().value as [number, number] | undefined;
        if (!oldest) throw new InputError('no spare keycode left to map a character onto');
        this.remapped.delete(oldest[0]);
        index = oldest[1] - this.xd.minKeycode;
      }
      const row = new Array<number>(perCode).fill(0);
      row[0] = sym;
      row[1] = sym;
      this.xd.client.ChangeKeyboardMapping(index + this.xd.minKeycode, perCode, row);
      this.keymap[index] = row;
      this.remapped.set(sym, index + this.xd.minKeycode);
    }
    await this.xd.sync();
    await sleep(50);
  }
}
