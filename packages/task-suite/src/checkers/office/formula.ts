/**
 * A spreadsheet formula in one comparable form: a leading `=`, no namespace (`of:`, `msoxl:`), ODF references
 * written the OOXML way (`[.B2:.B4]` → `B2:B4`, `[$Sheet1.A1]` → `Sheet1!A1`), upper case, no spaces, and `,` as the
 * argument separator — all outside string literals, which stay as they are.
 *
 * @example
 * ```ts
 * normalizeFormula('of:=SUM([.B2:.B4])'); // '=SUM(B2:B4)'
 * normalizeFormula('=sum(b2 ; b4)'); // '=SUM(B2,B4)'
 * normalizeFormula('of:=[$Sheet1.A1]*2'); // '=SHEET1!A1*2'
 * normalizeFormula("of:=[$'My sheet'.A1]"); // "='My sheet'!A1"
 * ```
 */
export function normalizeFormula(formula: string): string {
  let f = formula.trim().replace(/^(?:of|msoxl|oooc):/i, '');
  if (!f.startsWith('=')) f = `=${f}`;
  // String literals stay as they are; so do quoted sheet names once the references are rewritten.
  const parts = f.split(/("(?:[^"]|"")*")/);
  return parts.map((part, i) => (i % 2 === 1 ? part : normalizeCode(part))).join('');
}

function normalizeCode(code: string): string {
  const rewritten = code.replace(/\[([^\]]*)\]/g, (_m, inner: string) => odfReference(inner));
  return rewritten
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\s+/g, '').replace(/;/g, ',').toUpperCase()))
    .join('');
}

/** An ODF reference's inside (`.B2:.B4`, `$Sheet1.A1`, `$'My sheet'.A1:.B2`) in OOXML form. */
function odfReference(inner: string): string {
  const parts = inner.split(/:(?=(?:[^']*'[^']*')*[^']*$)/);
  let firstSheet: string | undefined;
  const cells = parts.map((part, i) => {
    const dot = part.lastIndexOf('.');
    const sheet = dot > 0 ? part.slice(0, dot).replace(/^\$/, '') : undefined;
    const cell = part.slice(dot + 1);
    if (i === 0) firstSheet = sheet;
    return sheet !== undefined && (i === 0 || sheet !== firstSheet) ? `${sheet}!${cell}` : cell;
  });
  return cells.join(':');
}
