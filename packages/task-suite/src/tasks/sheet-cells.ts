// A spreadsheet's cells read from the saved file: Gnumeric's own converter (ssconvert) writes the first sheet as
// CSV, whose values are what the cells hold (formulas evaluated).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Gnumeric's command-line converter (Debian's gnumeric package). */
export const SSCONVERT = '/usr/bin/ssconvert';

/** A cell reference such as `B1`: zero-based column and row. */
export function cellPosition(ref: string): { column: number; row: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref.trim().toUpperCase());
  if (!m) throw new Error(`not a cell reference: ${JSON.stringify(ref)}`);
  const column = [...m[1]!].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;
  return { column, row: Number(m[2]) - 1 };
}

/**
 * The rows of a CSV text: fields in double quotes may hold the delimiter, line breaks and `""`; a trailing line
 * break ends the last row.
 *
 * @example
 * ```ts
 * csvRows('a,"b,c"\n1,"say ""hi"""\n'); // [['a', 'b,c'], ['1', 'say "hi"']]
 * ```
 */
export function csvRows(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), (i += 1));
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) (row.push(field), (field = ''));
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      ((row = []), (field = ''));
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Splits one CSV line into fields (double quotes around a field, `""` inside one). */
export function csvFields(line: string): string[] {
  return csvRows(line)[0] ?? [''];
}

/** The value of a cell in CSV text (`''` for an empty or missing cell). */
export function csvCell(csv: string, ref: string): string {
  const { column, row } = cellPosition(ref);
  const line = csv.split(/\r?\n/)[row];
  return line === undefined ? '' : (csvFields(line)[column] ?? '');
}

/** Converts a spreadsheet file with ssconvert; the format follows the target's extension (`.csv`, `.gnumeric`). */
export async function convertSheet(from: string, to: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile(SSCONVERT, [from, to], { timeout: 60_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`ssconvert failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/** Converts a spreadsheet file to CSV with ssconvert (into `csvPath`) and gives the CSV text. */
export async function sheetAsCsv(path: string, csvPath: string): Promise<string> {
  await convertSheet(path, csvPath);
  return readFileSync(csvPath, 'utf8');
}
