import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { ConfigProblem } from '../errors.js';

/** One parsed configuration file, with what is needed to point at a key in it. */
export interface YamlSource {
  file: string;
  /** The plain data (before `${VAR}` expansion). */
  data: unknown;
  /** Line and column (1-based) of the value, or of the key when `key` is true, at `path`; undefined if unknown. */
  position(path: readonly string[], key?: boolean): { line: number; column: number } | undefined;
}

/** Parses YAML text; syntax errors become problems with their line and column. */
export function parseYamlSource(text: string, file: string, problems: ConfigProblem[]): YamlSource | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    // the first error explains; the ones after it are usually its echoes
    for (const error of doc.errors.slice(0, 1)) {
      const pos = lines.linePos(error.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, path: '', message: `not valid YAML: ${error.message.split('\n')[0]}` });
    }
    return undefined;
  }
  return { file, data: doc.toJS() ?? {}, position: (path, key) => locate(doc, lines, path, key) };
}

/** Reads and parses a YAML file. */
export function readYamlSource(file: string, problems: ConfigProblem[]): YamlSource | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push({ file, path: '', message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
    return undefined;
  }
  return parseYamlSource(text, file, problems);
}

function locate(doc: Document, lines: LineCounter, path: readonly string[], key = false): { line: number; column: number } | undefined {
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const prefix = path.slice(0, depth);
    let offset: number | undefined;
    if (key && depth === path.length && depth > 0) {
      const parent = doc.getIn(prefix.slice(0, -1), true);
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === prefix[prefix.length - 1]);
        offset = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
      }
    } else {
      const node = doc.getIn(prefix, true) as { range?: [number, number, number] } | undefined;
      offset = node?.range?.[0];
    }
    if (offset !== undefined) {
      const pos = lines.linePos(offset);
      return { line: pos.line, column: pos.col };
    }
  }
  return undefined;
}
