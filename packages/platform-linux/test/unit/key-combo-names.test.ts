import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parseKeySequence } from '../../src/x11/key-combo.js';

describe('parseKeySequence with names of Object.prototype', () => {
  it('refuses them as modifiers (a plain-object lookup took "constructor" for one)', () => {
    expect(() => parseKeySequence('constructor+a')).toThrow(InputError);
    expect(() => parseKeySequence('constructor+a')).toThrow(/unknown modifier "constructor"/);
  });

  it('refuses them as keys with INPUT_INVALID (a plain-object lookup made "__proto__" a TypeError)', () => {
    expect(() => parseKeySequence('__proto__')).toThrow(InputError);
    expect(() => parseKeySequence('ctrl+constructor')).toThrow(/unknown key "constructor"/);
  });

  it('reports the first bad chord of a sequence', () => {
    expect(() => parseKeySequence('nosuchkey hyper+a')).toThrow(/unknown key "nosuchkey"/);
  });
});
