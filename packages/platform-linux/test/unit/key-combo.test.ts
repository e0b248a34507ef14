import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { keysymForChar, parseKeySequence } from '../../src/x11/key-combo.js';

describe('parseKeySequence', () => {
  it('parses modifiers, key names, characters and repeats', () => {
    expect(parseKeySequence('ctrl+s')).toEqual([{ modifiers: ['ctrl'], keysym: 0x73, repeat: 1, text: 'ctrl+s' }]);
    const [a, b] = parseKeySequence('Control+Shift+Tab  Return');
    expect(a).toMatchObject({ modifiers: ['ctrl', 'shift'], keysym: 0xff09 });
    expect(b).toMatchObject({ modifiers: [], keysym: 0xff0d });
    expect(parseKeySequence('enter esc backspace del pgup F5').map((c) => c.keysym)).toEqual([0xff0d, 0xff1b, 0xff08, 0xffff, 0xff55, 0xffc2]);
    expect(parseKeySequence('Down*3')[0]).toMatchObject({ keysym: 0xff54, repeat: 3 });
    expect(parseKeySequence('ctrl++')[0]).toMatchObject({ modifiers: ['ctrl'], keysym: 0x2b });
    expect(parseKeySequence('+')[0]).toMatchObject({ modifiers: [], keysym: 0x2b });
    expect(parseKeySequence('alt+F4')[0]).toMatchObject({ modifiers: ['alt'], keysym: 0xffc1 });
    expect(parseKeySequence('super+€')[0]).toMatchObject({ modifiers: ['super'], keysym: 0x10020ac });
    expect(parseKeySequence('page_down')[0]!.keysym).toBe(0xff56);
  });

  it.each([
    ['', /no keys/],
    ['ctrl+', /malformed/],
    ['ctrl+nosuchkey', /unknown key "nosuchkey"/],
    ['hyper+a', /unknown modifier "hyper"/],
    ['a*0', /between 1 and 100/],
  ])('refuses %j', (keys, why) => {
    expect(() => parseKeySequence(keys)).toThrow(InputError);
    expect(() => parseKeySequence(keys)).toThrow(why);
  });

  it('maps characters to X keysyms', () => {
    expect(keysymForChar('a')).toBe(0x61);
    expect(keysymForChar('ö')).toBe(0xf6);
    expect(keysymForChar('€')).toBe(0x10020ac);
    expect(keysymForChar('\n')).toBe(0xff0d);
  });
});
