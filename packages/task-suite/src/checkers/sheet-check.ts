import { basename } from 'node:path';
import type { z } from 'zod';
import type { CheckResult } from '../task.js';
import type { CellSpecSchema, SheetCheckerSchema } from './checker-schema.js';
import { normalizeFormula } from './office/formula.js';
import { readWorkbook, type Sheet, type SheetCell } from './office/sheet-model.js';
import { CHECK_RETRY_MS } from './file-checks.js';
import { judgeFile, quote, sameNumber } from './office-read.js';

type CellSpec = z.infer<typeof CellSpecSchema>;

/**
 * The fields of a cell spec a cell fails, in words (empty when it matches). A boolean value also matches 1 or 0
 * (LibreOffice keeps TRUE and FALSE as numbers with a boolean format); a text value also matches what a
 * non-text cell shows.
 */
export function cellMismatches(cell: SheetCell | undefined, spec: CellSpec): string[] {
  const out: string[] = [];
  if (spec.empty) {
    if (cell !== undefined && (cell.value !== undefined || cell.formula !== undefined || cell.text !== '')) out.push('empty');
    return out;
  }
  if (spec.value !== undefined) {
    const v = cell?.value;
    const ok =
      typeof spec.value === 'number'
        ? typeof v === 'number' && sameNumber(v, spec.value)
        : typeof spec.value === 'boolean'
          ? v === spec.value || v === (spec.value ? 1 : 0)
          : v === spec.value || (typeof v !== 'string' && cell?.text === spec.value);
    if (!ok) out.push('value');
  }
  if (spec.formula !== undefined && (cell?.formula === undefined || normalizeFormula(cell.formula) !== normalizeFormula(spec.formula))) out.push('formula');
  if (spec.text !== undefined && (cell?.text ?? '').trim() !== spec.text.trim()) out.push('text');
  if (spec.bold !== undefined && (cell?.bold ?? false) !== spec.bold) out.push('bold');
  return out;
}

/** A cell as read: `B5=1730.5 formula "=SUM(B2:B4)" bold=false`. */
export function describeCell(address: string, cell: SheetCell | undefined, spec: CellSpec): string {
  if (cell === undefined) return `${address} is empty`;
  const parts = [`${address}=${cell.value === undefined ? '(no value)' : JSON.stringify(cell.value)}`];
  if (cell.formula !== undefined) parts.push(`formula ${quote(normalizeFormula(cell.formula))}`);
  else if (spec.formula !== undefined) parts.push('(a constant, no formula)');
  if (spec.text !== undefined) parts.push(`shows ${quote(cell.text)}`);
  if (spec.bold !== undefined) parts.push(`bold=${cell.bold ?? 'unknown'}`);
  return parts.join(' ');
}

function pickSheet(sheets: Sheet[], wanted: string | number | undefined): Sheet | undefined {
  if (wanted === undefined) return sheets[0];
  return typeof wanted === 'number' ? sheets[wanted - 1] : sheets.find((s) => s.name === wanted);
}

/** Judges a read workbook against a `sheet` checker. */
export function judgeSheet(sheets: Sheet[], spec: z.infer<typeof SheetCheckerSchema>): CheckResult {
  const results: CheckResult[] = [];
  const names = sheets.map((s) => s.name);
  if (spec.sheetNames !== undefined) {
    const passed = JSON.stringify(names) === JSON.stringify(spec.sheetNames);
    results.push({ passed, detail: `sheets ${JSON.stringify(names)}${passed ? '' : `, expected ${JSON.stringify(spec.sheetNames)}`}` });
  }
  const sheet = pickSheet(sheets, spec.sheet);
  if (!sheet) results.push({ passed: false, detail: `no sheet ${JSON.stringify(spec.sheet)} (sheets ${JSON.stringify(names)})` });
  else {
    for (const [raw, cellSpec] of Object.entries(spec.cells ?? {})) {
      const address = raw.replace(/\$/g, '').toUpperCase();
      const cell = sheet.cells.get(address);
      const misses = cellMismatches(cell, cellSpec);
      results.push({
        passed: misses.length === 0,
        detail: `${describeCell(address, cell, cellSpec)}${
          misses.length
            ? ` (wanted ${Object.entries(cellSpec)
                .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
                .join(', ')})`
            : ''
        }`,
      });
    }
    if (spec.rowCount !== undefined)
      results.push({
        passed: sheet.rowCount === spec.rowCount,
        detail: `${sheet.rowCount} rows${sheet.rowCount === spec.rowCount ? '' : `, expected ${spec.rowCount}`}`,
      });
  }
  if (results.length === 0 && sheet) results.push({ passed: true, detail: `${sheet.cells.size} cells` });
  const where = sheet && spec.sheet !== undefined ? ` [${sheet.name}]` : '';
  return { passed: results.every((r) => r.passed), detail: `${basename(spec.path)}${where}: ${results.map((r) => r.detail).join('; ')}` };
}

/** The `sheet` checker: cells (value, formula, shown text, bold), sheet names and row count of a spreadsheet. */
export async function checkSheet(spec: z.infer<typeof SheetCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  return judgeFile(spec.path, readWorkbook, (sheets) => judgeSheet(sheets, spec), retryMs);
}
