import { describe, expect, it } from 'vitest';
import { KeySequenceError } from '../errors.js';
import { parseKeySequence, type KeyAction } from './key-sequence-parser.js';

const tap = { down: true, up: true };
const vk = (code: number): KeyAction => ({ type: 'vk', vk: code, ...tap });
const down = (code: number): KeyAction => ({ type: 'vk', vk: code, down: true, up: false });
const up = (code: number): KeyAction => ({ type: 'vk', vk: code, down: false, up: true });
const ch = (c: string): KeyAction => ({ type: 'char', char: c, ...tap });
const esc = (c: string): KeyAction => ({ type: 'escapedChar', char: c, ...tap });

describe('parseKeySequence (pywinauto syntax)', () => {
  it('types plain characters as Unicode and drops spaces by default, like pywinauto', () => {
    expect(parseKeySequence('ab c')).toEqual([ch('a'), ch('b'), ch('c')]);
    expect(parseKeySequence('ab c', { withSpaces: true })).toEqual([ch('a'), ch('b'), ch(' '), ch('c')]);
  });

  it('holds a modifier for the next key only and sends that key as a layout virtual key', () => {
    expect(parseKeySequence('^a^c')).toEqual([down(17), esc('a'), up(17), down(17), esc('c'), up(17)]);
    expect(parseKeySequence('+{INS}')).toEqual([down(16), vk(45), up(16)]);
    expect(parseKeySequence('%{F4}')).toEqual([down(18), vk(115), up(18)]);
  });

  it('releases stacked modifiers in reverse order', () => {
    expect(parseKeySequence('^+s')).toEqual([down(17), down(16), esc('s'), up(16), up(17)]);
  });

  it('applies a modifier to a whole (group)', () => {
    expect(parseKeySequence('+(ab)c')).toEqual([down(16), esc('a'), esc('b'), up(16), ch('c')]);
  });

  it('reads named keys, repetitions and pauses', () => {
    expect(parseKeySequence('{TAB 2}{ENTER}')).toEqual([vk(9), vk(9), vk(13)]);
    expect(parseKeySequence('{PAUSE 1.5}x')).toEqual([{ type: 'pause', seconds: 1.5 }, ch('x')]);
    expect(parseKeySequence('{a 3}')).toEqual([ch('a'), ch('a'), ch('a')]);
    expect(parseKeySequence('~')).toEqual([vk(13)]);
  });

  it('accepts key names in any case', () => {
    expect(parseKeySequence('{enter}{Tab}')).toEqual([vk(13), vk(9)]);
  });

  it('types syntax characters literally when braced', () => {
    expect(parseKeySequence('{^}a{%}{+}{~}')).toEqual([ch('^'), ch('a'), ch('%'), ch('+'), ch('~')]);
    expect(parseKeySequence('{{}ENTER{}}')).toEqual([ch('{'), ch('E'), ch('N'), ch('T'), ch('E'), ch('R'), ch('}')]);
  });

  it('presses and releases keys separately with {X down}/{X up}, then sends characters as virtual keys', () => {
    expect(parseKeySequence('{VK_SHIFT down}ab{VK_SHIFT up}')).toEqual([down(16), esc('a'), esc('b'), up(16)]);
    expect(parseKeySequence('{h down}{h up}')).toEqual([
      { type: 'escapedChar', char: 'h', down: true, up: false },
      { type: 'escapedChar', char: 'h', down: false, up: true },
    ]);
  });

  it('holds a bare modifier key name for the next key so UFO\'s "{VK_CONTROL}c" copies', () => {
    expect(parseKeySequence('{VK_CONTROL}c')).toEqual([down(17), esc('c'), up(17)]);
    expect(parseKeySequence('{VK_CONTROL}{VK_SHIFT}{ESC}')).toEqual([down(17), down(16), vk(27), up(16), up(17)]);
    expect(parseKeySequence('{VK_LWIN}r')).toEqual([down(91), esc('r'), up(91)]);
    // At the end it is a tap, and the pywinauto behaviour stays available.
    expect(parseKeySequence('x{VK_CONTROL}')).toEqual([ch('x'), vk(17)]);
    expect(parseKeySequence('{VK_CONTROL}c', { holdModifierNames: false })).toEqual([vk(17), ch('c')]);
  });

  it('maps newline to Enter only with withNewlines, and ascii to virtual keys with vkPacket false', () => {
    expect(parseKeySequence('a\nb')).toEqual([ch('a'), ch('b')]);
    expect(parseKeySequence('a\nb', { withNewlines: true })).toEqual([ch('a'), vk(13), ch('b')]);
    expect(parseKeySequence('a;', { vkPacket: false })).toEqual([vk(0x41), vk(0xba)]);
  });

  it.each([
    ['{ENTER', '"{" at position 0 has no matching "}"'],
    ['a}', '"}" at position 1 has no matching "{"'],
    ['+(ab', '"(" at position 1 has no matching ")"'],
    ['ab)', '")" at position 2 has no matching "("'],
    ['{NOPE}', 'unknown key name {NOPE}'],
    ['{TAB x}', 'invalid repetition count x'],
    ['{PAUSE -1}', 'invalid pause time -1'],
  ])('rejects %j with a KeySequenceError', (keys, message) => {
    let thrown: unknown;
    try {
      parseKeySequence(keys);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KeySequenceError);
    expect((thrown as KeySequenceError).code).toBe('KEY_SEQUENCE_INVALID');
    expect((thrown as Error).message).toContain(message);
  });
});
