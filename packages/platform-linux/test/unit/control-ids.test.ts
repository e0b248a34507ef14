import { describe, expect, it } from 'vitest';
import { ControlNotFoundError, ControlVanishedError, StaleControlIdError } from '../../src/errors.js';
import { ControlIdRegistry, generationLabel, parseControlId, type UnnumberedControl } from '../../src/desktop/control-ids.js';

const control = (path: string, name = path, role = 'push button'): UnnumberedControl => ({
  ref: { bus: ':1.5', path },
  role,
  name,
  rawName: name,
  states: [],
  interfaces: [],
  rect: undefined,
  origin: { x: 0, y: 0 },
  depth: 1,
});

describe('control ids', () => {
  it('labels windows a..z, aa..', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(generationLabel)).toEqual(['a', 'b', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']);
    expect(parseControlId('ab12')).toEqual({ generation: 'ab', number: 12 });
    expect(parseControlId('12')).toBeUndefined();
    expect(parseControlId('a-1')).toBeUndefined();
  });

  it('numbers the first listing in tree order and links parents', () => {
    const ids = new ControlIdRegistry();
    const first = ids.assign(1, [control('/1'), control('/2')], [-1, 0]);
    expect(first.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(first[1]!.parent).toBe('a1');
  });

  it('keeps an object its id across listings, filtered ones included, and gives new objects new numbers', () => {
    const ids = new ControlIdRegistry();
    ids.assign(1, [control('/menu', 'Save As...', 'menu item'), control('/text', '', 'text')], [-1, -1]);
    // a filtered listing (roles: ["text"]) neither renumbers nor retires the others
    expect(ids.assign(1, [control('/text', '', 'text')], [-1], { complete: false }).map((c) => c.id)).toEqual(['a2']);
    expect(ids.resolve('a1').name).toBe('Save As...');
    // a dialog opened: its controls come first in tree order, yet the known objects keep their ids
    const after = ids.assign(1, [control('/dialog-name', '', 'text'), control('/menu', 'Save As...', 'menu item'), control('/text', '', 'text')], [-1, -1, -1]);
    expect(after.map((c) => c.id)).toEqual(['a3', 'a1', 'a2']);
    expect(ids.resolve('a1').role).toBe('menu item');
    expect(ids.resolve('a3').ref.path).toBe('/dialog-name');
  });

  it('keeps a sheet cell its id by its place, though the toolkit makes a new object for it at every read', () => {
    const table = { bus: ':1.5', path: '/sheet' };
    const cell = (path: string, name: string, row: number, column: number): UnnumberedControl => ({
      ...control(path, name, 'table cell'),
      sheetCell: { table, row, column },
    });
    const ids = new ControlIdRegistry();
    expect(
      ids.assign(1, [control('/sheet', 'Sheet Sheet1', 'table'), cell('/c/101', 'A1', 0, 0), cell('/c/102', 'B4', 3, 1)], [-1, 0, 0]).map((c) => c.id),
    ).toEqual(['a1', 'a2', 'a3']);
    // the next listing: new objects for the same cells
    const again = ids.assign(1, [control('/sheet', 'Sheet Sheet1', 'table'), cell('/c/207', 'A1', 0, 0), cell('/c/208', 'B4', 3, 1)], [-1, 0, 0]);
    expect(again.map((c) => c.id)).toEqual(['a1', 'a2', 'a3']);
    expect(ids.resolve('a3').ref.path).toBe('/c/208');
    // another place is another cell
    expect(ids.assign(1, [cell('/c/301', 'C4', 3, 2)], [-1], { complete: false })[0]!.id).toBe('a4');
  });

  it('refuses the id of an object that left the window instead of giving it to another control', () => {
    const ids = new ControlIdRegistry();
    ids.assign(1, [control('/save-as', 'Save As...', 'menu item'), control('/x')], [-1, -1]);
    ids.assign(1, [control('/x'), control('/field', '', 'text')], [-1, -1]);
    expect(() => ids.resolve('a1')).toThrow(ControlVanishedError);
    expect(() => ids.resolve('a1')).toThrow(/a1 \(menu item "Save As\.\.\."\) is not in the window.s latest listing/);
    expect(ids.resolve('a3').role).toBe('text');
    // it comes back (scrolled into view again): same id
    expect(ids.assign(1, [control('/save-as', 'Save As...', 'menu item')], [-1], { complete: false })[0]!.id).toBe('a1');
  });

  it('gives a new id when the same object path now has another role', () => {
    const ids = new ControlIdRegistry();
    ids.assign(1, [control('/7', 'OK')], [-1]);
    const [reused] = ids.assign(1, [control('/7', '', 'text')], [-1]);
    expect(reused!.id).toBe('a2');
    expect(() => ids.resolve('a1')).toThrow(ControlVanishedError);
  });

  it('scopes ids to their window and refuses unknown and malformed ids with clear errors', () => {
    const ids = new ControlIdRegistry();
    expect(() => ids.resolve('a1')).toThrow(/no controls have been listed yet/);
    ids.assign(7, [control('/1')], [-1]);
    expect(() => ids.resolve('a9')).toThrow(ControlNotFoundError);
    expect(() => ids.resolve('a9')).toThrow(/no control "a9" in this window \(ids so far: a1 to a1\)/);
    expect(() => ids.resolve('7')).toThrow(/not a control id/);
    expect(ids.resolve('a1').windowId).toBe(7);
    ids.useWindow(8);
    expect(() => ids.resolve('a1')).toThrow(StaleControlIdError);
    expect(ids.assign(8, [control('/1')], [-1])[0]!.id).toBe('b1');
    ids.useWindow(7);
    expect(ids.resolve('a1').windowId).toBe(7);
    expect(() => ids.resolve('b1')).toThrow(/belongs to another window/);
  });

  it('remembers the last record of an id left out of the latest listing (to explain a refusal), for the selected window only', () => {
    const ids = new ControlIdRegistry();
    ids.assign(1, [control('/menu', 'Document', 'menu'), control('/text', '', 'text')], [-1, -1]);
    ids.assign(1, [control('/text', '', 'text')], [-1]);
    expect(() => ids.resolve('a1')).toThrow(ControlVanishedError);
    expect(ids.lastKnown('a1')).toMatchObject({ id: 'a1', role: 'menu', name: 'Document' });
    expect(ids.lastKnown('a2')).toMatchObject({ id: 'a2', role: 'text' });
    expect(ids.lastKnown('a9')).toBeUndefined();
    ids.assign(2, [control('/other')], [-1]);
    expect(ids.lastKnown('a1')).toBeUndefined();
  });
});
