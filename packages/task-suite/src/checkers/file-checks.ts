import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { CheckResult } from '../task.js';
import { readUntil } from '../tasks/checks.js';
import type { CsvCheckerSchema, FileCheckerSchema } from './checker-schema.js';
import type { z } from 'zod';
import { cellPosition, csvRows } from '../tasks/sheet-cells.js';

export { csvRows };

/** How long file-reading checkers keep reading until the state is right (apps save asynchronously). */
export const CHECK_RETRY_MS = 5000;

/** A file's text, or undefined when it does not exist (or cannot be read). */
export function readText(path: string): string | undefined {
  try {
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** Texts of `wanted` that `text` lacks (`contains`) and of `unwanted` that it has (`notContains`), in words. */
export function textProblems(text: string, wanted: readonly string[] = [], unwanted: readonly string[] = []): string[] {
  return [
    ...wanted.filter((w) => !text.includes(w)).map((w) => `lacks ${JSON.stringify(w)}`),
    ...unwanted.filter((w) => text.includes(w)).map((w) => `has ${JSON.stringify(w)}`),
  ];
}

/** A text shortened for a detail line. */
export function excerpt(text: string, max = 160): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** What is at a path: a file, a folder, or nothing. */
function pathKind(path: string): 'file' | 'folder' | undefined {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return undefined;
  }
}

/**
 * The `file` checker: existence, contained texts, or the whole text. A folder counts for `exists` alone (a file
 * manager task); asking for its text fails, saying it is a folder.
 */
export async function checkFile(spec: z.infer<typeof FileCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  const asksText = spec.contains !== undefined || spec.notContains !== undefined || spec.equals !== undefined;
  const judge = (text: string | undefined): CheckResult => {
    const wantsFile = spec.exists !== false;
    const kind = pathKind(spec.path);
    if (kind === 'folder') {
      if (!wantsFile) return { passed: false, detail: `${spec.path} exists (it should not): it is a folder` };
      return asksText
        ? { passed: false, detail: `${spec.path} is a folder, not a file with text` }
        : { passed: true, detail: `${spec.path} exists (a folder)` };
    }
    if (text === undefined) return { passed: !wantsFile, detail: `${spec.path} does not exist${wantsFile ? '' : ' (as wanted)'}` };
    if (!wantsFile) return { passed: false, detail: `${spec.path} exists (it should not): holds ${excerpt(text)}` };
    const problems = textProblems(text, spec.contains, spec.notContains);
    if (spec.equals !== undefined && text.trimEnd() !== spec.equals.trimEnd()) problems.push(`expected ${excerpt(spec.equals)}`);
    return { passed: problems.length === 0, detail: `${spec.path} holds ${excerpt(text)}${problems.length ? `: ${problems.join(', ')}` : ''}` };
  };
  return readUntil(
    () => judge(readText(spec.path)),
    (r) => r.passed,
    retryMs,
  );
}

/** The `csv` checker: every row exactly, or some cells. */
export async function checkCsv(spec: z.infer<typeof CsvCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  const judge = (text: string | undefined): CheckResult => {
    if (text === undefined) return { passed: false, detail: `${spec.path} does not exist` };
    const rows = csvRows(text, spec.delimiter ?? ',');
    const problems: string[] = [];
    const read: string[] = [];
    if (spec.rows !== undefined) {
      read.push(`rows ${excerpt(JSON.stringify(rows), 200)}`);
      if (JSON.stringify(rows) !== JSON.stringify(spec.rows)) problems.push(`expected rows ${excerpt(JSON.stringify(spec.rows), 200)}`);
    }
    for (const [address, wanted] of Object.entries(spec.cells ?? {})) {
      const { row, column } = cellPosition(address);
      const got = rows[row]?.[column];
      read.push(`${address.toUpperCase()}=${got === undefined ? '(none)' : JSON.stringify(got)}`);
      if (got !== wanted) problems.push(`${address.toUpperCase()} should be ${JSON.stringify(wanted)}`);
    }
    return {
      passed: problems.length === 0,
      detail: `${basename(spec.path)}: ${read.join(', ') || `${rows.length} rows`}${problems.length ? `; ${problems.join(', ')}` : ''}`,
    };
  };
  return readUntil(
    () => judge(readText(spec.path)),
    (r) => r.passed,
    retryMs,
  );
}
