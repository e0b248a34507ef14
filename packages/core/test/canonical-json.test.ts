import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/internal.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members, so equal values serialise the same', () => {
    const a = { b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined }, e: null };
    const b = { e: null, a: { d: [{ y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1,"e":null}');
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('keeps array order and distinguishes different values', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
