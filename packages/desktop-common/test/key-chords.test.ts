import { describe, expect, it } from 'vitest';
import { InputInvalidError, modifierFromName, parseKeyChord, parseKeyChords, splitKeySequence } from '../src/index.js';

describe('parseKeyChords', () => {
  it('parses modifiers, key names and repeats, keeping the key name as written', () => {
    expect(parseKeyChords('ctrl+s')).toEqual([{ modifiers: ['ctrl'], key: 's', repeat: 1, text: 'ctrl+s' }]);
    expect(parseKeyChords('Control+Shift+Tab  Return')).toEqual([
      { modifiers: ['ctrl', 'shift'], key: 'Tab', repeat: 1, text: 'Control+Shift+Tab' },
      { modifiers: [], key: 'Return', repeat: 1, text: 'Return' },
    ]);
    expect(parseKeyChord('Down*3')).toEqual({ modifiers: [], key: 'Down', repeat: 3, text: 'Down*3' });
    expect(parseKeyChord('alt+F4')).toMatchObject({ modifiers: ['alt'], key: 'F4' });
    expect(parseKeyChord('super+€')).toMatchObject({ modifiers: ['super'], key: '€' });
    expect(parseKeyChord('page_down').key).toBe('page_down');
  });

  it('reads a trailing ++ as a modifier and the + key, and + alone as the + key', () => {
    expect(parseKeyChord('ctrl++')).toMatchObject({ modifiers: ['ctrl'], key: '+' });
    expect(parseKeyChord('ctrl+shift++*2')).toMatchObject({ modifiers: ['ctrl', 'shift'], key: '+', repeat: 2 });
    expect(parseKeyChord('+')).toMatchObject({ modifiers: [], key: '+' });
  });

  it('reads * without a count as the key itself', () => {
    expect(parseKeyChord('*')).toMatchObject({ key: '*', repeat: 1 });
    expect(parseKeyChord('shift+8*')).toMatchObject({ key: '8*', repeat: 1 });
  });

  it('keeps each modifier once, in the order written', () => {
    expect(parseKeyChord('shift+ctrl+Control+a').modifiers).toEqual(['shift', 'ctrl']);
    expect(['win', 'meta', 'cmd', 'windows', 'option', 'ctl'].map(modifierFromName)).toEqual(['super', 'super', 'super', 'super', 'alt', 'ctrl']);
  });

  it.each([
    ['', /no keys/],
    ['   ', /no keys/],
    ['ctrl+', /malformed/],
    ['ctrl++a', /malformed/],
    ['hyper+a', /unknown modifier "hyper"/],
    ['a*0', /between 1 and 100/],
    ['a*101', /between 1 and 100/],
    [Array.from({ length: 51 }, () => 'a').join(' '), /at most 50/],
  ])('refuses %j', (keys, why) => {
    expect(() => parseKeyChords(keys)).toThrow(InputInvalidError);
    expect(() => parseKeyChords(keys)).toThrow(why);
  });

  it('refuses names of Object.prototype as modifiers (a plain-object lookup took "constructor" for one)', () => {
    expect(modifierFromName('constructor')).toBeUndefined();
    expect(modifierFromName('__proto__')).toBeUndefined();
    expect(() => parseKeyChord('constructor+a')).toThrow(/unknown modifier "constructor"/);
  });

  it('splits a sequence without judging its chords', () => {
    expect(splitKeySequence(' ctrl+a \n BackSpace ')).toEqual(['ctrl+a', 'BackSpace']);
    expect(splitKeySequence('hyper+a')).toEqual(['hyper+a']);
  });
});
