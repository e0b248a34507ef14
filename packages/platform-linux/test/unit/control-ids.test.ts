import { describe, expect, it } from 'vitest';
import { ControlNotFoundError, StaleControlIdError } from '../../src/errors.js';
import { ControlIdRegistry, generationLabel, parseControlId, type ControlRecord } from '../../src/desktop/control-ids.js';

const control = (path: string, name = path): Omit<ControlRecord, 'id' | 'parent'> => ({
  ref: { bus: ':1.5', path }, role: 'push button', name, states: [], interfaces: [], rect: undefined, origin: { x: 0, y: 0 }, depth: 1,
});

describe('control ids', () => {
  it('labels generations a..z, aa..', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(generationLabel)).toEqual(['a', 'b', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']);
    expect(parseControlId('ab12')).toEqual({ generation: 'ab', number: 12 });
    expect(parseControlId('12')).toBeUndefined();
    expect(parseControlId('a-1')).toBeUndefined();
  });

  it('keeps ids while the listed objects are the same, renumbers when they change', () => {
    const ids = new ControlIdRegistry();
    const first = ids.assign(1, [control('/1'), control('/2')], [-1, 0]);
    expect(first.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(first[1]!.parent).toBe('a1');
    const same = ids.assign(1, [control('/1', 'renamed'), control('/2')], [-1, -1]);
    expect(same.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(ids.resolve('a1').name).toBe('renamed');
    const changed = ids.assign(1, [control('/1'), control('/3')], [-1, -1]);
    expect(changed.map((c) => c.id)).toEqual(['b1', 'b2']);
    expect(ids.resolve('b2').ref.path).toBe('/3');
  });

  it('refuses stale, unknown and malformed ids with clear errors', () => {
    const ids = new ControlIdRegistry();
    expect(() => ids.resolve('a1')).toThrow(ControlNotFoundError);
    ids.assign(7, [control('/1')], [-1]);
    ids.assign(7, [control('/2'), control('/3')], [-1, -1]);
    expect(() => ids.resolve('a1')).toThrow(StaleControlIdError);
    expect(() => ids.resolve('a1')).toThrow(/earlier listing .*current listing is "b…"/);
    expect(() => ids.resolve('b9')).toThrow(/no control "b9" in the current listing \(ids b1 to b2\)/);
    expect(() => ids.resolve('7')).toThrow(/not a control id/);
    expect(ids.resolve('b2').windowId).toBe(7);
    ids.invalidate();
    expect(() => ids.resolve('b2')).toThrow(StaleControlIdError);
    expect(ids.assign(7, [control('/2'), control('/3')], [-1, -1])[0]!.id).toBe('c1');
  });
});
