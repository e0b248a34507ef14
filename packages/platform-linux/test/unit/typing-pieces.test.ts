import { describe, expect, it } from 'vitest';
import { splitAtRepeatedKeys } from '../../src/desktop/input-actions.js';
import { lastTypedLine } from '../../src/desktop/action-effect.js';

describe('typing in pieces', () => {
  it('no piece holds the same key twice, and the pieces join to the text', () => {
    for (const text of ['250+175=', '55', 'hello world', '', 'a€€b', '1234567890']) {
      const pieces = splitAtRepeatedKeys(text);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces) expect(new Set([...piece]).size).toBe([...piece].length);
    }
    expect(splitAtRepeatedKeys('250+175=')).toEqual(['250+17', '5=']);
    expect(splitAtRepeatedKeys('55')).toEqual(['5', '5']);
  });

  it('what a field shows of typed text is its last non-empty line', () => {
    expect(lastTypedLine('one\ntwo\n')).toBe('two');
    expect(lastTypedLine('  spaced  ')).toBe('spaced');
    expect(lastTypedLine('\n')).toBe('');
  });
});
