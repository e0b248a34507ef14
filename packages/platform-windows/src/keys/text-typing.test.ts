import { describe, expect, it } from 'vitest';
import { keyActionsToInput, keysLeftDown } from './key-actions-to-input.js';
import { parseKeySequence } from './key-sequence-parser.js';
import { escapeForKeySequence, textToKeyActions } from './text-typing.js';

describe('text typing', () => {
  const samples = ['Hello, world!', 'a+b^c%d~e(f)g{h}i', 'line one\nline two\r\nline three\ttabbed', '价格 = 5€ 😀', '{ENTER} is not a key here'];

  it.each(samples)('escapeForKeySequence(%j) parses back to exactly the same keystrokes', (text) => {
    const escaped = escapeForKeySequence(text);
    expect(parseKeySequence(escaped, { withSpaces: true })).toEqual(textToKeyActions(text));
  });

  it('escapes syntax characters, newlines and tabs the way UFO does before type_keys', () => {
    expect(escapeForKeySequence('1+1=2\n(ok)\t~')).toBe('1{+}1=2{ENTER}{(}ok{)}{TAB}{~}');
  });

  it('types astral characters as two Unicode code units each', () => {
    const events = keyActionsToInput(textToKeyActions('😀'));
    expect(events).toEqual([
      { kind: 'unicode', code: 0xd83d, up: false },
      { kind: 'unicode', code: 0xd83d, up: true },
      { kind: 'unicode', code: 0xde00, up: false },
      { kind: 'unicode', code: 0xde00, up: true },
    ]);
  });
});

describe('keyActionsToInput', () => {
  it('sends Ctrl+A as virtual keys with the layout key for "a"', () => {
    expect(keyActionsToInput(parseKeySequence('^a'))).toEqual([
      { kind: 'key', vk: 17, extended: false, up: false },
      { kind: 'charKey', code: 97, up: false },
      { kind: 'charKey', code: 97, up: true },
      { kind: 'key', vk: 17, extended: false, up: true },
    ]);
  });

  it('marks navigation keys as extended', () => {
    const events = keyActionsToInput(parseKeySequence('{DELETE}{LEFT}{F5}'));
    expect(events.filter((e) => e.kind === 'key').map((e) => e.kind === 'key' && [e.vk, e.extended])).toEqual([
      [46, true],
      [46, true],
      [37, true],
      [37, true],
      [116, false],
      [116, false],
    ]);
  });

  it('inserts the inter-key pause between actions but not after the last one', () => {
    const events = keyActionsToInput(parseKeySequence('ab'), { pauseMs: 50 });
    expect(events.map((e) => e.kind)).toEqual(['unicode', 'unicode', 'pause', 'unicode', 'unicode']);
    expect(keyActionsToInput(parseKeySequence('{PAUSE 0.25}'))).toEqual([{ kind: 'pause', ms: 250 }]);
  });

  it('reports keys a sequence leaves pressed', () => {
    expect(keysLeftDown(keyActionsToInput(parseKeySequence('{VK_SHIFT down}a')))).toEqual([16]);
    expect(keysLeftDown(keyActionsToInput(parseKeySequence('^a')))).toEqual([]);
  });
});
