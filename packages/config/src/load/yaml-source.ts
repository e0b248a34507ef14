import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { ConfigProblem } from '../errors.js';
import { findDuplicateKeys } from './duplicate-keys.js';

/** Largest configuration file read, in bytes (configurations are a few kilobytes; this bounds parse time). */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/** Most aliases (`*name`) expanded in one file: a few are handy, millions are an alias bomb. */
export const MAX_CONFIG_ALIASES = 1_000;

/** One parsed configuration file, with what is needed to point at a key in it. */
export interface YamlSource {
  file: string;
  /** The plain data (before `${VAR}` expansion). */
  data: unknown;
  /** Line and column (1-based) of the value, or of the key when `key` is true, at `path`; undefined if unknown. */
  position(path: readonly string[], key?: boolean): { line: number; column: number } | undefined;
}

/**
 * Parses YAML text; syntax errors, repeated keys, an alias bomb and text over {@link MAX_CONFIG_FILE_BYTES} become
 * problems with their file (and line and column where known), never a bare exception.
 */
export function parseYamlSource(text: string, file: string, problems: ConfigProblem[]): YamlSource | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_CONFIG_FILE_BYTES) {
    problems.push({ file, path: '', message: `is ${bytes} bytes, over the ${MAX_CONFIG_FILE_BYTES}-byte limit of a configuration file` });
    return undefined;
  }
  const lines = new LineCounter();
  let doc: Document;
  try {
    // repeated keys are found below in one pass: the parser's own check compares every key with every other
    doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  } catch (error) {
    problems.push({ file, path: '', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` });
    return undefined;
  }
  if (doc.errors.length) {
    // the first error explains; the ones after it are usually its echoes
    for (const error of doc.errors.slice(0, 1)) {
      const pos = lines.linePos(error.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, path: '', message: `not valid YAML: ${error.message.split('\n')[0]}` });
    }
    return undefined;
  }
  const before = problems.length;
  findDuplicateKeys(doc, lines, file, problems);
  if (problems.length > before) return undefined;
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_CONFIG_ALIASES }) ?? {};
  } catch (error) {
    const bomb = /alias/i.test((error as Error).message);
    problems.push({
      file,
      path: '',
      message: bomb
        ? `not valid YAML: its aliases expand too far (over ${MAX_CONFIG_ALIASES} uses; an alias bomb?)`
        : `not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    });
    return undefined;
  }
  return { file, data, position: (path, key) => locate(doc, lines, path, key) };
}

/** Reads and parses a YAML file; a file over {@link MAX_CONFIG_FILE_BYTES} is refused before it is read. */
export function readYamlSource(file: string, problems: ConfigProblem[]): YamlSource | undefined {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size > MAX_CONFIG_FILE_BYTES) {
        problems.push({ file, path: '', message: `is ${size} bytes, over the ${MAX_CONFIG_FILE_BYTES}-byte limit of a configuration file` });
        return undefined;
      }
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
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
