import type { Document, Element } from '@xmldom/xmldom';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { csvRows } from '../file-checks.js';
import { parseOffice, walk } from './parse-office.js';
import { attr, childElements, descendants, NS, odfText, openPackage, type ZipPackage } from './zip-xml.js';

/** One non-empty cell as read from the file. */
export interface SheetCell {
  /** The value: a number, a text, a boolean; undefined for a cell with no value. */
  value?: number | string | boolean;
  /** The formula as stored (`of:=SUM([.B2:.B4])`, `SUM(B2:B4)`), when the cell has one. */
  formula?: string;
  /** The text the cell shows. */
  text: string;
  /** Whether the cell's text is bold (undefined when the format cannot say, as in CSV). */
  bold?: boolean;
}

/** One sheet: its name and its non-empty cells by address (`B5`). */
export interface Sheet {
  name: string;
  cells: Map<string, SheetCell>;
  /** Rows up to the last non-empty one. */
  rowCount: number;
}

/** The spreadsheet formats the checker reads. */
export const SHEET_EXTENSIONS = ['.ods', '.xlsx', '.csv'] as const;

/** A cell address from zero-based column and row (`1, 4` → `B5`). */
export function cellAddress(column: number, row: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/**
 * Reads a spreadsheet (.ods, .xlsx, .csv): sheet names and the text cells show through officeparser (.xlsx); the
 * typed values, formulas and bold of each cell from the raw XML, which officeparser does not give.
 *
 * @throws Error when the file is not a readable spreadsheet of those formats.
 */
export async function readWorkbook(path: string): Promise<Sheet[]> {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return [csvSheet(path)];
  if (ext === '.ods') return odsSheets(openPackage(path));
  if (ext === '.xlsx') {
    const sheets = xlsxSheets(openPackage(path));
    await addShownText(path, sheets);
    return sheets;
  }
  throw new Error(`${path}: not a spreadsheet the checker reads (${SHEET_EXTENSIONS.join(', ')})`);
}

function withRowCount(name: string, cells: Map<string, SheetCell>): Sheet {
  let rows = 0;
  for (const address of cells.keys()) rows = Math.max(rows, Number(/\d+$/.exec(address)![0]));
  return { name, cells, rowCount: rows };
}

function csvSheet(path: string): Sheet {
  const cells = new Map<string, SheetCell>();
  csvRows(readFileSync(path, 'utf8')).forEach((row, r) =>
    row.forEach((field, c) => {
      if (field === '') return;
      const number = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(field) ? Number(field) : undefined;
      cells.set(cellAddress(c, r), { value: number ?? field, text: field });
    }),
  );
  return withRowCount(basename(path, extname(path)), cells);
}

/** Whether the bold of table-cell styles: by name, following parents, the default cell style last. */
function odfCellBold(...docs: ReadonlyArray<Document | undefined>): (style: string | undefined) => boolean | undefined {
  const styles = new Map<string, { bold?: boolean; parent?: string }>();
  let defaultBold: boolean | undefined;
  for (const doc of docs) {
    const root = doc?.documentElement;
    if (!root) continue;
    for (const section of childElements(root, NS.office)) {
      if (section.localName !== 'styles' && section.localName !== 'automatic-styles') continue;
      for (const el of childElements(section, NS.style)) {
        if (attr(el, NS.style, 'family') !== 'table-cell') continue;
        const weight = childElements(el, NS.style, 'text-properties')
          .map((p) => attr(p, NS.fo, 'font-weight'))
          .find((w) => w !== undefined);
        const bold = weight === undefined ? undefined : weight === 'bold' || Number(weight) >= 600;
        if (el.localName === 'default-style') defaultBold = bold;
        const name = attr(el, NS.style, 'name');
        const parent = attr(el, NS.style, 'parent-style-name');
        if (el.localName === 'style' && name) styles.set(name, { ...(bold !== undefined ? { bold } : {}), ...(parent ? { parent } : {}) });
      }
    }
  }
  return (style) => {
    const seen = new Set<string>();
    for (let s = style ?? 'Default'; !seen.has(s);) {
      seen.add(s);
      const found = styles.get(s);
      if (!found) break;
      if (found.bold !== undefined) return found.bold;
      if (!found.parent) break;
      s = found.parent;
    }
    return defaultBold ?? false;
  };
}

/** The rows of an ODF table, row groups and header rows included, in order. */
function odfRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of childElements(table, NS.table)) {
    if (child.localName === 'table-row') rows.push(child);
    else if (['table-row-group', 'table-header-rows', 'table-rows'].includes(child.localName ?? '')) rows.push(...odfRows(child));
  }
  return rows;
}

/** The default cell style of each column of an ODF table (columns repeated as written). */
function odfColumnStyles(table: Element): Array<string | undefined> {
  const styles: Array<string | undefined> = [];
  const visit = (parent: Element) => {
    for (const child of childElements(parent, NS.table)) {
      if (child.localName === 'table-column') {
        const repeat = Math.min(Number(attr(child, NS.table, 'number-columns-repeated') ?? '1'), 1024);
        for (let i = 0; i < repeat; i += 1) styles.push(attr(child, NS.table, 'default-cell-style-name'));
      } else if (['table-column-group', 'table-header-columns', 'table-columns'].includes(child.localName ?? '')) visit(child);
    }
  };
  visit(table);
  return styles;
}

const MAX_REPEAT = 1000;

function odsSheets(zip: ZipPackage): Sheet[] {
  const content = zip.xml('content.xml');
  if (!content) throw new Error('content.xml is missing');
  const bold = odfCellBold(zip.xml('styles.xml'), content);
  return descendants(content, NS.table, 'table')
    .filter((t) => t.parentNode && (t.parentNode as Element).localName === 'spreadsheet')
    .map((table) => {
      const cells = new Map<string, SheetCell>();
      const columnStyles = odfColumnStyles(table);
      let r = 0;
      for (const row of odfRows(table)) {
        const rowRepeat = Number(attr(row, NS.table, 'number-rows-repeated') ?? '1');
        let c = 0;
        const rowCells: Array<[number, SheetCell]> = [];
        for (const cell of childElements(row, NS.table)) {
          if (cell.localName !== 'table-cell' && cell.localName !== 'covered-table-cell') continue;
          const repeat = Number(attr(cell, NS.table, 'number-columns-repeated') ?? '1');
          const read = odsCell(cell, bold, columnStyles[c]);
          if (read) for (let i = 0; i < Math.min(repeat, MAX_REPEAT); i += 1) rowCells.push([c + i, read]);
          c += repeat;
        }
        if (rowCells.length)
          for (let i = 0; i < Math.min(rowRepeat, MAX_REPEAT); i += 1) for (const [col, cell] of rowCells) cells.set(cellAddress(col, r + i), cell);
        r += rowRepeat;
      }
      return withRowCount(attr(table, NS.table, 'name') ?? '', cells);
    });
}

function odsCell(cell: Element, bold: (style: string | undefined) => boolean | undefined, columnStyle: string | undefined): SheetCell | undefined {
  const type = attr(cell, NS.office, 'value-type');
  const formula = attr(cell, NS.table, 'formula');
  const text = childElements(cell, NS.text, 'p').map(odfText).join('\n');
  if (type === undefined && formula === undefined && text === '') return undefined;
  let value: SheetCell['value'];
  if (type === 'float' || type === 'percentage' || type === 'currency') value = Number(attr(cell, NS.office, 'value'));
  else if (type === 'boolean') value = attr(cell, NS.office, 'boolean-value') === 'true';
  else if (type === 'date') value = attr(cell, NS.office, 'date-value') ?? text;
  else if (type === 'time') value = attr(cell, NS.office, 'time-value') ?? text;
  else if (type === 'string') value = attr(cell, NS.office, 'string-value') ?? text;
  const isBold = bold(attr(cell, NS.table, 'style-name') ?? columnStyle);
  return { text, ...(value !== undefined ? { value } : {}), ...(formula !== undefined ? { formula } : {}), ...(isBold !== undefined ? { bold: isBold } : {}) };
}

function relsTargets(zip: ZipPackage, relsPath: string, baseFolder: string): Map<string, string> {
  const targets = new Map<string, string>();
  const rels = zip.xml(relsPath);
  if (!rels) return targets;
  for (const rel of descendants(rels, NS.rel, 'Relationship')) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : joinPart(baseFolder, target));
  }
  return targets;
}

/** A part path relative to a folder of the package (`xl` + `worksheets/sheet1.xml`, `../x` resolved). */
export function joinPart(folder: string, target: string): string {
  const parts = folder.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

function xlsxSheets(zip: ZipPackage): Sheet[] {
  const workbook = zip.xml('xl/workbook.xml');
  if (!workbook) throw new Error('xl/workbook.xml is missing');
  const targets = relsTargets(zip, 'xl/_rels/workbook.xml.rels', 'xl');
  const shared = descendants(zip.xml('xl/sharedStrings.xml') ?? workbook, NS.sheet, 'si').map((si) =>
    descendants(si, NS.sheet, 't')
      .map((t) => t.textContent ?? '')
      .join(''),
  );
  const boldStyle = xlsxBoldStyles(zip.xml('xl/styles.xml'));
  return descendants(workbook, NS.sheet, 'sheet').map((entry) => {
    const name = entry.getAttribute('name') ?? '';
    const part = targets.get(entry.getAttributeNS(NS.r, 'id') ?? '');
    const sheet = part ? zip.xml(part) : undefined;
    const cells = new Map<string, SheetCell>();
    for (const c of sheet ? descendants(sheet, NS.sheet, 'c') : []) {
      const address = c.getAttribute('r');
      if (!address) continue;
      const type = c.getAttribute('t') ?? 'n';
      const v = descendants(c, NS.sheet, 'v')[0]?.textContent ?? undefined;
      const f = descendants(c, NS.sheet, 'f')[0]?.textContent ?? undefined;
      let value: SheetCell['value'];
      if (type === 's' && v !== undefined) value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr')
        value = descendants(c, NS.sheet, 't')
          .map((t) => t.textContent ?? '')
          .join('');
      else if (type === 'b' && v !== undefined) value = v === '1';
      else if ((type === 'str' || type === 'e' || type === 'd') && v !== undefined) value = v;
      else if (v !== undefined && v !== '') value = Number(v);
      if (value === undefined && !f) continue;
      const text = value === undefined ? '' : typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
      cells.set(address.replace(/\$/g, '').toUpperCase(), {
        text,
        ...(value !== undefined ? { value } : {}),
        ...(f ? { formula: f } : {}),
        bold: boldStyle(Number(c.getAttribute('s') ?? '0')),
      });
    }
    return withRowCount(name, cells);
  });
}

/** Whether each cell format (`s` index) of an OOXML workbook has a bold font. */
function xlsxBoldStyles(styles: Document | undefined): (index: number) => boolean {
  if (!styles) return () => false;
  const fonts = descendants(styles, NS.sheet, 'fonts')[0];
  const fontBold = (fonts ? childElements(fonts, NS.sheet, 'font') : []).map((font) => {
    const b = childElements(font, NS.sheet, 'b')[0];
    return b !== undefined && !['0', 'false'].includes(b.getAttribute('val') ?? '1');
  });
  const xfs = descendants(styles, NS.sheet, 'cellXfs')[0];
  const xfBold = (xfs ? childElements(xfs, NS.sheet, 'xf') : []).map((xf) => fontBold[Number(xf.getAttribute('fontId') ?? '0')] ?? false);
  return (index) => xfBold[index] ?? false;
}

/** Puts the text officeparser gives each cell (the shown text) onto the cells read from the XML. */
async function addShownText(path: string, sheets: Sheet[]): Promise<void> {
  const { content } = await parseOffice(path);
  const parsed = content.filter((n) => n.type === 'sheet');
  parsed.forEach((node, i) => {
    const sheet = sheets.find((s) => s.name === node.metadata?.sheetName) ?? sheets[i];
    if (!sheet) return;
    for (const cell of walk(node.children ?? [])) {
      if (cell.type !== 'cell' || typeof cell.metadata?.row !== 'number' || typeof cell.metadata.col !== 'number') continue;
      const address = cellAddress(cell.metadata.col, cell.metadata.row);
      const known = sheet.cells.get(address);
      if (known && cell.text !== undefined) known.text = cell.text;
    }
  });
}
