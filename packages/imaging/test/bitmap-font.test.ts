import { describe, expect, it } from 'vitest';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows, hasGlyph, textWidth } from '../src/index.js';

const CHARS = [...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.:?'];

describe('bitmap font', () => {
  it('has a distinct 5x7 glyph for every digit, letter of both cases and sign', () => {
    const seen = new Map<string, string>();
    for (const char of CHARS) {
      expect(hasGlyph(char), char).toBe(true);
      const rows = glyphRows(char);
      expect(rows).toHaveLength(GLYPH_HEIGHT);
      for (const row of rows) expect(row, char).toMatch(new RegExp(`^[# ]{${GLYPH_WIDTH}}$`));
      expect(rows.join('').includes('#'), char).toBe(true);
      const key = rows.join('|');
      expect(seen.get(key), `${char} looks like ${seen.get(key)}`).toBeUndefined();
      seen.set(key, char);
    }
  });

  it('renders unknown characters as a question mark and keeps the cases apart', () => {
    expect(hasGlyph('€')).toBe(false);
    expect(glyphRows('€')).toEqual(glyphRows('?'));
    expect(glyphRows('a')).not.toEqual(glyphRows('A'));
  });

  it('measures text: glyphs plus one blank column between them', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('7')).toBe(5);
    expect(textWidth('c12')).toBe(17);
  });
});
