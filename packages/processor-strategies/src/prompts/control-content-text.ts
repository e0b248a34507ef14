import type { TargetInfo } from '@ufo-ts/core';

/**
 * What a listed control shows, as prompt text: its text (with the part it covers when it was cut), caret and
 * selection, its value with range and step, a table's size, or a cell's row, column and header captions. Empty
 * when the tool reported none of them.
 */
export function controlContentText(t: TargetInfo): string {
  const extra = t.extra ?? {};
  return [shownText(extra), formulaText(extra), caretText(extra), selectionText(extra), valueText(extra.value), cellText(extra), tableText(extra)].join('');
}

type Extra = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** ` shows "…"` (with ` (characters a–b of n)` when only part of the text is shown). */
function shownText(extra: Extra): string {
  const text = extra.text;
  const plainValue = isNumber(extra.value) ? extra.value : undefined;
  if (typeof text !== 'string') return plainValue === undefined ? '' : ` shows ${JSON.stringify(String(plainValue))}`;
  const range = extra.text_range;
  const part =
    extra.text_truncated === true && Array.isArray(range) && isNumber(range[0]) && isNumber(range[1])
      ? ` (only characters ${range[0]}–${range[1]}${isNumber(extra.text_length) ? ` of ${extra.text_length}` : ''})`
      : extra.text_truncated === true
        ? ' (cut)'
        : '';
  return ` shows ${JSON.stringify(text)}${part}`;
}

/** ` formula "=SUM(B2:B4)"` (a spreadsheet cell's). */
function formulaText(extra: Extra): string {
  return typeof extra.formula === 'string' && extra.formula ? ` formula ${JSON.stringify(extra.formula)}` : '';
}

/** ` caret at line l, column c (offset o)`. */
function caretText(extra: Extra): string {
  const caret = extra.caret as { offset?: unknown; line?: unknown; column?: unknown } | undefined;
  if (!caret || !isNumber(caret.offset)) return '';
  return isNumber(caret.line) && isNumber(caret.column)
    ? ` caret at line ${caret.line}, column ${caret.column} (offset ${caret.offset})`
    : ` caret at offset ${caret.offset}`;
}

/** ` selected "…" (characters a–b)`. */
function selectionText(extra: Extra): string {
  const selection = extra.selection as { start?: unknown; end?: unknown; text?: unknown; text_truncated?: unknown } | undefined;
  if (!selection || !isNumber(selection.start) || !isNumber(selection.end)) return '';
  const text = typeof selection.text === 'string' ? ` ${JSON.stringify(selection.text)}${selection.text_truncated === true ? ' (cut)' : ''}` : '';
  return ` selected${text} (characters ${selection.start}–${selection.end})`;
}

/** ` value 30 (min 0, max 100, step 1, shown as "30 %")`. */
function valueText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const v = value as { current?: unknown; min?: unknown; max?: unknown; step?: unknown; text?: unknown };
  if (!isNumber(v.current)) return '';
  const details = [
    isNumber(v.min) ? `min ${v.min}` : '',
    isNumber(v.max) ? `max ${v.max}` : '',
    isNumber(v.step) ? `step ${v.step}` : '',
    typeof v.text === 'string' && v.text ? `shown as ${JSON.stringify(v.text)}` : '',
  ].filter(Boolean);
  return ` value ${v.current}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** ` at row r, column c (column "Price", row "2024")` (0-based). */
function cellText(extra: Extra): string {
  if (!isNumber(extra.row) || !isNumber(extra.column)) return '';
  const headers = [
    typeof extra.column_header === 'string' && extra.column_header ? `column ${JSON.stringify(extra.column_header)}` : '',
    typeof extra.row_header === 'string' && extra.row_header ? `row ${JSON.stringify(extra.row_header)}` : '',
  ].filter(Boolean);
  return ` at row ${extra.row}, column ${extra.column}${headers.length ? ` (${headers.join(', ')})` : ''}`;
}

/** ` with 1000 rows × 2 columns` (and how many visible cells were not listed). */
function tableText(extra: Extra): string {
  if (!isNumber(extra.rows) || !isNumber(extra.columns)) return '';
  const omitted = isNumber(extra.cells_omitted) && extra.cells_omitted > 0 ? `, ${extra.cells_omitted} visible cells not listed` : '';
  return ` with ${extra.rows} rows × ${extra.columns} columns${omitted}`;
}
