import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/internal.js';

describe('BoundedMap', () => {
  it('drops the oldest entries beyond its capacity; setting a key again makes it the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
    expect(map.has('b')).toBe(false);
  });
});
