import { InputInvalidError } from '../errors.js';

/** Modifier keys a chord may hold. */
export type Modifier = 'ctrl' | 'shift' | 'alt' | 'super';

/**
 * One key press as written, before a platform maps its key name: the modifiers held, the key, and how many times
 * the press is repeated.
 */
export interface ParsedChord {
  /** Modifiers in the order written, without duplicates. */
  modifiers: Modifier[];
  /** The key name as written (`Tab`, `page_up`, `a`, `+`); the platform maps it to a keysym or virtual key. */
  key: string;
  /** 1..100. */
  repeat: number;
  /** The chord as written, for messages. */
  text: string;
}

/** Most chords one key sequence may hold. */
export const MAX_CHORDS_PER_SEQUENCE = 50;

/** Highest `*N` repeat count of a chord. */
export const MAX_CHORD_REPEAT = 100;

const MODIFIER_ALIASES: Readonly<Record<string, Modifier>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  ctl: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
  super: 'super',
  win: 'super',
  meta: 'super',
  cmd: 'super',
  windows: 'super',
};

/**
 * The modifier a name stands for, in any case (`Control` and `ctl` are `ctrl`; `win`, `meta` and `cmd` are
 * `super`), or `undefined`.
 *
 * @example
 * ```ts
 * modifierFromName('Control'); // 'ctrl'
 * modifierFromName('cmd'); // 'super'
 * modifierFromName('hyper'); // undefined
 * ```
 */
export function modifierFromName(name: string): Modifier | undefined {
  return Object.hasOwn(MODIFIER_ALIASES, name.toLowerCase()) ? MODIFIER_ALIASES[name.toLowerCase()] : undefined;
}

/**
 * Splits a key sequence into its chord tokens (separated by white space).
 *
 * @throws InputInvalidError when there is no chord or more than {@link MAX_CHORDS_PER_SEQUENCE}.
 * @example
 * ```ts
 * splitKeySequence(' ctrl+a  BackSpace '); // ['ctrl+a', 'BackSpace']
 * ```
 */
export function splitKeySequence(keys: string): string[] {
  const tokens = keys.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new InputInvalidError('no keys given: write e.g. "ctrl+s" or "Return"');
  if (tokens.length > MAX_CHORDS_PER_SEQUENCE) {
    throw new InputInvalidError(`at most ${MAX_CHORDS_PER_SEQUENCE} key combinations per call`);
  }
  return tokens;
}

/**
 * Parses one chord: `modifier+…+key` with an optional `*N` repeat. A trailing `++` is a modifier and the `+` key,
 * and `+` alone is the `+` key. The key name is not checked; the platform does that when it maps it.
 *
 * @throws InputInvalidError for an empty part, an unknown modifier, or a repeat outside 1..{@link MAX_CHORD_REPEAT}.
 * @example
 * ```ts
 * parseKeyChord('ctrl+shift+Tab'); // { modifiers: ['ctrl', 'shift'], key: 'Tab', repeat: 1, text: 'ctrl+shift+Tab' }
 * parseKeyChord('Down*3'); // { modifiers: [], key: 'Down', repeat: 3, text: 'Down*3' }
 * parseKeyChord('ctrl++'); // { modifiers: ['ctrl'], key: '+', repeat: 1, text: 'ctrl++' }
 * ```
 */
export function parseKeyChord(token: string): ParsedChord {
  let body = token;
  let repeat = 1;
  const repeatMatch = /^(.+?)\*(\d{1,3})$/.exec(token);
  if (repeatMatch && repeatMatch[1] !== undefined && repeatMatch[1] !== '') {
    body = repeatMatch[1];
    repeat = Number(repeatMatch[2]);
    if (repeat < 1 || repeat > MAX_CHORD_REPEAT) {
      throw new InputInvalidError(`repeat count in "${token}" must be between 1 and ${MAX_CHORD_REPEAT}`);
    }
  }
  let parts: string[];
  if (body === '+') parts = ['+'];
  else if (body.endsWith('++')) parts = [...body.slice(0, -2).split('+'), '+'];
  else parts = body.split('+');
  if (parts.some((part) => part === '')) {
    throw new InputInvalidError(`malformed key combination "${token}": write modifiers and a key joined by +, e.g. ctrl+shift+s`);
  }
  const key = parts.pop() as string;
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const modifier = modifierFromName(part);
    if (!modifier) throw new InputInvalidError(`unknown modifier "${part}" in "${token}": use ctrl, shift, alt or super`);
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  return { modifiers, key, repeat, text: token };
}

/**
 * Parses a key sequence: chords separated by white space, each `modifier+…+key` with an optional `*N` repeat.
 * Platforms that check key names chord by chord (so the first bad chord is the one reported) use
 * {@link splitKeySequence} and {@link parseKeyChord} instead.
 *
 * @throws InputInvalidError as {@link splitKeySequence} and {@link parseKeyChord} do.
 * @example
 * ```ts
 * parseKeyChords('ctrl+a BackSpace').map((c) => c.key); // ['a', 'BackSpace']
 * ```
 */
export function parseKeyChords(keys: string): ParsedChord[] {
  return splitKeySequence(keys).map(parseKeyChord);
}
