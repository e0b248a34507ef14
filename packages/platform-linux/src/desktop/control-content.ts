import { ATSPI_ROOT_PATH } from '../atspi/atspi-constants.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import type { ControlRecord } from './control-ids.js';
import { DesktopSession } from './desktop-session.js';
import { readCellText, type CellText } from './cell-text.js';
import { TableCellReader, type CellContent, type TableContent } from './table-content.js';
import { readTextContent, type TextContent } from './text-content.js';
import { TEXT_LIMITS } from './text-window.js';
import { readValueContent, type ValueContent } from './value-content.js';
import { clipRect } from './visible-area.js';

/** Roles whose text content a listing shows (never a password field's). */
export const TEXT_CONTENT_ROLES: ReadonlySet<string> = new Set(['text', 'entry', 'spin button', 'combo box', 'document text', 'paragraph', 'terminal']);
/** Roles whose value (current, min, max) a listing shows. */
export const VALUE_CONTENT_ROLES: ReadonlySet<string> = new Set(['slider', 'spin button', 'scroll bar', 'progress bar', 'level bar', 'dial']);
/** Roles of containers whose size (rows, columns) a listing shows. */
export const TABLE_CONTENT_ROLES: ReadonlySet<string> = new Set(['table', 'tree table', 'tree', 'list', 'list box']);

/** What a listing adds to a control's entry from its Text, Value, Table or TableCell interface. */
export type ControlContent = Partial<TextContent> & Partial<CellContent> & Partial<TableContent> & { value?: ValueContent; formula?: CellText['formula'] };

/** How the content of one application's controls is read. */
interface ToolkitTraits {
  /** The toolkit answers `Text.GetOffsetAtPoint` (GTK 4.8 leaves it unanswered). */
  hitTest: boolean;
  /** Value properties must be asked one by one (Qt). */
  valueOneByOne: boolean;
}

async function toolkitTraits(atspi: AtspiClient, bus: string): Promise<ToolkitTraits> {
  const toolkit = await atspi.toolkit({ bus, path: ATSPI_ROOT_PATH }).catch(() => ({ name: '', version: '' }));
  const gtk4 = /^gtk$/i.test(toolkit.name) && toolkit.version.startsWith('4.');
  return { hitTest: !gtk4, valueOneByOne: /^qt/i.test(toolkit.name) };
}

/**
 * Reads the content of listed controls, in parallel: text controls' visible text with caret and selection, values
 * of sliders, spin buttons, progress and scroll bars, tables' sizes and cells' rows, columns and header captions.
 * Text is bounded: at most `TEXT_LIMITS.perControl` characters per control and `TEXT_LIMITS.perListing` for the
 * whole listing (shared equally by its text controls, the focused one first). A control whose content cannot be
 * read gets nothing.
 */
export async function readControlContent(atspi: AtspiClient, records: readonly ControlRecord[]): Promise<ControlContent[]> {
  const traits = new Map<string, Promise<ToolkitTraits>>();
  const traitsOf = (bus: string): Promise<ToolkitTraits> => {
    let known = traits.get(bus);
    if (!known) traits.set(bus, (known = toolkitTraits(atspi, bus)));
    return known;
  };
  const textual = records.filter(hasTextContent);
  const focused = textual.find((r) => r.states.includes('focused'));
  const others = textual.length - (focused ? 1 : 0);
  const focusedShare = focused ? Math.min(TEXT_LIMITS.perControl, TEXT_LIMITS.perListing) : 0;
  const share = others > 0 ? Math.min(TEXT_LIMITS.perControl, Math.floor((TEXT_LIMITS.perListing - focusedShare) / others)) : 0;
  const cells = new TableCellReader(atspi);
  return Promise.all(
    records.map(async (record): Promise<ControlContent> => {
      const out: ControlContent = {};
      const limit = record === focused ? focusedShare : share;
      const [text, value, cell, table] = await Promise.all([
        record.role === 'table cell' && DesktopSession.implements(record, 'text')
          ? readCellText(atspi, record.ref, { text: record.text, attributes: record.attributes })
              .then(withoutRepeatedName(record))
              .catch(() => undefined)
          : hasTextContent(record) && limit >= TEXT_LIMITS.minimumShare
            ? traitsOf(record.ref.bus)
                .then((t) =>
                  readTextContent(
                    atspi,
                    { ref: record.ref, states: record.states, visible: visibleRect(record), origin: record.origin },
                    { limit, hitTest: t.hitTest },
                  ),
                )
                .catch(() => undefined)
            : undefined,
        VALUE_CONTENT_ROLES.has(record.role) && DesktopSession.implements(record, 'value')
          ? traitsOf(record.ref.bus)
              .then((t) => readValueContent(atspi, record.ref, { oneByOne: t.valueOneByOne }))
              .catch(() => undefined)
          : undefined,
        DesktopSession.implements(record, 'tableCell') ? cells.cell(record.ref).catch(() => undefined) : undefined,
        TABLE_CONTENT_ROLES.has(record.role) && DesktopSession.implements(record, 'table') ? cells.table(record.ref).catch(() => undefined) : undefined,
      ]);
      if (text) Object.assign(out, text);
      if (value) out.value = value;
      if (cell) Object.assign(out, cell);
      if (table) Object.assign(out, table);
      return out;
    }),
  );
}

/** A cell's text is left out when its name says the same (GTK list cells are named by their text). */
function withoutRepeatedName(record: ControlRecord): (cell: CellText) => Partial<CellText> {
  return (cell) => (cell.text === record.rawName ? (cell.formula ? { formula: cell.formula } : {}) : cell);
}

function hasTextContent(record: ControlRecord): boolean {
  // an unnamed label shows its text only through Text (LibreOffice's status bar fields: "Slide 1 of 4")
  const unnamedLabel = record.role === 'label' && record.rawName.trim() === '';
  return (TEXT_CONTENT_ROLES.has(record.role) || unnamedLabel) && DesktopSession.implements(record, 'text');
}

/** The part of a control's rectangle its containers let show. */
function visibleRect(record: ControlRecord) {
  if (!record.rect) return undefined;
  return (record.clip && clipRect(record.rect, record.clip)) || record.rect;
}

/** Most table cells one listing shows; a large visible grid is cut in tree order (rows first). */
export const MAX_LISTED_CELLS = 300;

/**
 * Which listed entries are table cells beyond the first `max` (to leave out), and how many were left out under each
 * listed parent (the table, when it is listed): a listing of a large sheet stays bounded.
 */
export function cellsOverCap(
  entries: readonly { parent?: string | undefined; cell: boolean }[],
  max = MAX_LISTED_CELLS,
): { omit: Set<number>; omittedUnder: Map<string, number> } {
  const omit = new Set<number>();
  const omittedUnder = new Map<string, number>();
  let seen = 0;
  entries.forEach((entry, i) => {
    if (!entry.cell) return;
    seen += 1;
    if (seen <= max) return;
    omit.add(i);
    if (entry.parent !== undefined) omittedUnder.set(entry.parent, (omittedUnder.get(entry.parent) ?? 0) + 1);
  });
  return { omit, omittedUnder };
}
