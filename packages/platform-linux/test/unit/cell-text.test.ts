import { describe, expect, it } from 'vitest';
import { ATSPI_IFACE } from '../../src/atspi/atspi-constants.js';
import { MAX_CELL_TEXT, readCellText, unescapeAttribute } from '../../src/desktop/cell-text.js';
import type { ControlRecord } from '../../src/desktop/control-ids.js';
import { readControlContent } from '../../src/desktop/control-content.js';
import { BUS, fakeAtspi, type FakeObject } from './fake-atspi.js';

const CELL_IFACES = [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.text];

/** A client with one cell at `/cell` showing `text`, with these object attributes. */
function cell(text: string, attributes?: Record<string, string>) {
  return fakeAtspi({ objects: { '/cell': { role: 'table cell', text, interfaces: CELL_IFACES, ...(attributes ? { attributes } : {}) } } });
}
const REF = { bus: BUS, path: '/cell' };

describe('readCellText', () => {
  it("gives the cell's text and its formula (LibreOffice's Formula attribute), with the leading =", async () => {
    expect(await readCellText(cell('2400', { Formula: 'B2*2' }).client, REF)).toEqual({ text: '2400', formula: '=B2*2' });
  });

  it('undoes the escapes of the attribute value', async () => {
    expect(await readCellText(cell('2400', { Formula: '\\=B2*2' }).client, REF)).toEqual({ text: '2400', formula: '=B2*2' });
    expect(await readCellText(cell('1', { Formula: 'IF(B2>0\\;1\\;2)' }).client, REF)).toEqual({ text: '1', formula: '=IF(B2>0;1;2)' });
    // an escaped backslash at the end is not a cut
    expect(await readCellText(cell('x', { Formula: 'A1&"\\\\' }).client, REF)).toEqual({ text: 'x', formula: '=A1&"\\' });
  });

  it('leaves out a formula the bridge cut at a ":" (it ends in a lone backslash)', async () => {
    // SUM(B2\:B3) comes out as SUM(B2\ : the GTK 3 bridge splits attributes at every ':'
    const result = await readCellText(cell('1550', { Formula: 'SUM(B2\\' }).client, REF);
    expect(result).toEqual({ text: '1550' });
    expect(result).not.toHaveProperty('formula');
  });

  it('no formula for a cell without one, or when the attributes cannot be read', async () => {
    expect(await readCellText(cell('Item', {}).client, REF)).toEqual({ text: 'Item' });
    expect(await readCellText(cell('Item', { Formula: '' }).client, REF)).toEqual({ text: 'Item' });
    const failing = cell('Item', { Formula: 'B2*2' });
    (failing.client as unknown as { attributes: () => Promise<never> }).attributes = () => Promise.reject(new Error('no attributes'));
    expect(await readCellText(failing.client, REF)).toEqual({ text: 'Item' });
  });

  it('bounds a long text', async () => {
    const long = 'x'.repeat(MAX_CELL_TEXT + 50);
    expect(await readCellText(cell(long).client, REF)).toEqual({ text: 'x'.repeat(MAX_CELL_TEXT), text_truncated: true });
  });
});

describe('unescapeAttribute', () => {
  it('drops the backslash before each escaped character', () => {
    expect(unescapeAttribute('SUM(B2\\:B3)')).toBe('SUM(B2:B3)');
    expect(unescapeAttribute('a\\;b\\,c\\=d')).toBe('a;b,c=d');
    expect(unescapeAttribute('back\\\\slash')).toBe('back\\slash');
    expect(unescapeAttribute('plain')).toBe('plain');
  });
});

describe('readControlContent: table cells', () => {
  function record(path: string, rawName: string, role = 'table cell'): ControlRecord {
    return {
      id: `a${path.length}`,
      ref: { bus: BUS, path },
      role,
      name: rawName,
      rawName,
      states: ['enabled', 'showing', 'visible'],
      interfaces: CELL_IFACES,
      rect: { x: 0, y: 0, width: 100, height: 20 },
      origin: { x: 0, y: 0 },
      depth: 3,
      parent: undefined,
    };
  }
  const objects: Record<string, FakeObject> = {
    '/a1': { role: 'table cell', text: 'Item', interfaces: CELL_IFACES },
    '/b4': { role: 'table cell', text: '2400', interfaces: CELL_IFACES, attributes: { Formula: 'B2*2' } },
    '/b5': { role: 'table cell', text: '1550', interfaces: CELL_IFACES, attributes: { Formula: 'SUM(B2\\' } },
    '/gtk': { role: 'table cell', text: 'item0', interfaces: CELL_IFACES },
    '/same': { role: 'table cell', text: '=', interfaces: CELL_IFACES, attributes: { Formula: 'B1' } },
  };
  const toolkit = { name: 'VCL', version: '25.2' };

  it('a sheet cell named by its address gets its text and formula', async () => {
    const { client } = fakeAtspi({ objects, toolkit });
    const [a1, b4, b5] = await readControlContent(client, [record('/a1', 'A1'), record('/b4', 'B4'), record('/b5', 'B5')]);
    expect(a1).toEqual({ text: 'Item' });
    expect(b4).toEqual({ text: '2400', formula: '=B2*2' });
    expect(b5).toEqual({ text: '1550' });
  });

  it('a cell whose text is its name (GTK list cells) gets no text; a formula is kept', async () => {
    const { client } = fakeAtspi({ objects, toolkit });
    const [gtk, same] = await readControlContent(client, [record('/gtk', 'item0'), record('/same', '=')]);
    expect(gtk).toEqual({});
    expect(same).toEqual({ formula: '=B1' });
  });
});
