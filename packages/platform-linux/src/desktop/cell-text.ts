// What a spreadsheet cell shows and, when it holds one, its formula: a model checks its work by both.
import type { AccessibleRef } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';

/** Most characters of a cell's text a listing shows. */
export const MAX_CELL_TEXT = 200;

/** A cell's shown text and formula, as a listing gives them. */
export interface CellText {
  text: string;
  text_truncated?: true;
  /** The formula the cell holds (`=SUM(B2:B4)`), when the toolkit exposes it (LibreOffice's `Formula` attribute). */
  formula?: string;
}

/**
 * Reads a cell's text (bounded) and its formula (`known` holds what the tree read with the cell, not asked again): LibreOffice Calc gives the formula as the cell's `Formula` object
 * attribute, with `:`, `;`, `,`, `=` and `\` escaped by a backslash. A formula the bridge cut (at a `:`) is left out:
 * the formula bar shows the current cell's whole formula.
 */
export async function readCellText(
  atspi: AtspiClient,
  ref: AccessibleRef,
  known: { text?: string; attributes?: Record<string, string> } = {},
): Promise<CellText> {
  const [text, attributes] = await Promise.all([
    known.text ?? atspi.text(ref),
    known.attributes ?? atspi.attributes(ref).catch(() => ({}) as Record<string, string>),
  ]);
  const out: CellText = text.length > MAX_CELL_TEXT ? { text: text.slice(0, MAX_CELL_TEXT), text_truncated: true } : { text };
  const raw = attributes.Formula ?? attributes.formula ?? '';
  // the GTK 3 bridge splits attributes at every `:`, escaped or not: a value ending in a lone `\` was cut there
  // (`SUM(B2\` of `SUM(B2\:B4)`), and a cut formula is not shown rather than shown wrong
  const cut = /(^|[^\\])(\\\\)*\\$/.test(raw);
  const formula = cut ? '' : unescapeAttribute(raw).trim();
  if (formula) out.formula = formula.startsWith('=') ? formula : `=${formula}`;
  return out;
}

/** Undoes the backslash escapes of an object attribute's value. */
export function unescapeAttribute(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}
