import type { AccessibleRef } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { ATSPI_IFACE } from '../atspi/atspi-constants.js';

/** Where a table cell sits, as a listing shows it (0-based row and column, with their header captions). */
export interface CellContent {
  row: number;
  column: number;
  column_header?: string;
  row_header?: string;
}

/** A table's or grid's size as a listing shows it. */
export interface TableContent {
  rows: number;
  columns: number;
}

/**
 * Reads table cells' positions and header captions for one listing: each caption is asked once per table (cells of
 * one column share it), and row captions only of tables whose first visible row has one.
 */
export class TableCellReader {
  private readonly captions = new Map<string, Promise<string>>();
  private readonly rowHeaders = new Map<string, Promise<boolean>>();

  constructor(private readonly atspi: AtspiClient) {}

  /** A table's row and column counts; undefined when the toolkit does not answer numbers. */
  async table(ref: AccessibleRef): Promise<TableContent | undefined> {
    const size = await this.atspi.tableSize(ref);
    return Number.isFinite(size.rows) && Number.isFinite(size.columns) && size.rows >= 0 && size.columns >= 0 ? size : undefined;
  }

  /**
   * A cell's row, column and captions: from the cell's `TableCell.Position`, else from its index in the table
   * (`Table.GetRowAtIndex`/`GetColumnAtIndex`). Undefined when neither answers.
   */
  async cell(ref: AccessibleRef): Promise<CellContent | undefined> {
    const place = await this.position(ref);
    if (!place) return undefined;
    const { row, column, table } = place;
    const [columnHeader, rowHeader] = await Promise.all([
      this.caption(table, 'column', column),
      this.hasRowHeaders(table, row).then((has) => (has ? this.caption(table, 'row', row) : '')),
    ]);
    return { row, column, ...(columnHeader ? { column_header: columnHeader } : {}), ...(rowHeader ? { row_header: rowHeader } : {}) };
  }

  private async position(ref: AccessibleRef): Promise<{ row: number; column: number; table: AccessibleRef } | undefined> {
    const [position, table] = await Promise.all([this.atspi.property(ref, ATSPI_IFACE.tableCell, 'Position').catch(() => undefined), this.tableOf(ref)]);
    if (!table) return undefined;
    if (Array.isArray(position) && position.length === 2) return { row: Number(position[0]), column: Number(position[1]), table };
    const [index] = await this.atspi.call(ref, ATSPI_IFACE.accessible, 'GetIndexInParent').catch(() => [-1]);
    if (Number(index) < 0) return undefined;
    const at = await this.atspi.cellAtIndex(table, Number(index)).catch(() => undefined);
    return at && at.row >= 0 && at.column >= 0 ? { ...at, table } : undefined;
  }

  /** The cell's table: its `TableCell.Table`, else its parent. */
  private async tableOf(ref: AccessibleRef): Promise<AccessibleRef | undefined> {
    const own = await this.atspi.property(ref, ATSPI_IFACE.tableCell, 'Table').catch(() => undefined);
    const [bus, path] = (Array.isArray(own) ? own : []) as [string?, string?];
    if (bus && path && !path.endsWith('/null')) return { bus, path };
    const parent = await this.atspi.property(ref, ATSPI_IFACE.accessible, 'Parent').catch(() => undefined);
    const [pbus, ppath] = (Array.isArray(parent) ? parent : []) as [string?, string?];
    return pbus && ppath && !ppath.endsWith('/null') ? { bus: pbus, path: ppath } : undefined;
  }

  private caption(table: AccessibleRef, kind: 'row' | 'column', index: number): Promise<string> {
    const key = `${table.bus}${table.path}|${kind}|${index}`;
    let known = this.captions.get(key);
    if (!known) {
      known = (kind === 'column' ? this.atspi.columnCaption(table, index) : this.atspi.rowCaption(table, index)).catch(() => '');
      this.captions.set(key, known);
    }
    return known;
  }

  /** Whether a table has row captions, judged by the first row asked about. */
  private hasRowHeaders(table: AccessibleRef, row: number): Promise<boolean> {
    const key = `${table.bus}${table.path}`;
    let known = this.rowHeaders.get(key);
    if (!known) {
      known = this.caption(table, 'row', row).then((caption) => caption !== '');
      this.rowHeaders.set(key, known);
    }
    return known;
  }
}
