import { PolicyInvalidError } from './errors.js';
import type { TextPattern, TextPatterns } from './schema.js';

/** A compiled text test. */
export type TextTest = (text: string) => boolean;

/**
 * Turns a glob into an anchored, case-insensitive regular expression (`*`, `?`, `[...]`; the rest literal).
 *
 * @example
 * ```ts
 * globToRegExp('*.txt').test('Notes.TXT'); // true
 * globToRegExp('*.txt').test('a.txt.bak'); // false
 * ```
 */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        out += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 'is');
}

/** Compiles one pattern; `where` names it in the error of a bad regular expression. */
export function compilePattern(pattern: TextPattern, where: string): TextTest {
  if (typeof pattern === 'string' || 'glob' in pattern) {
    const glob = typeof pattern === 'string' ? pattern : pattern.glob;
    if (!/[*?[]/.test(glob)) {
      const lower = glob.toLowerCase();
      return (text) => text.toLowerCase() === lower;
    }
    const re = globToRegExp(glob);
    return (text) => re.test(text);
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern.regex, (pattern.flags ?? '').replace(/[gy]/g, ''));
  } catch (error) {
    throw new PolicyInvalidError(`${where}: invalid regular expression ${JSON.stringify(pattern.regex)}: ${(error as Error).message}`, { cause: error });
  }
  return (text) => re.test(text);
}

/** Compiles one pattern or a list (any matches). */
export function compilePatterns(patterns: TextPatterns, where: string): TextTest {
  if (!Array.isArray(patterns)) return compilePattern(patterns as TextPattern, where);
  const tests = patterns.map((p, i) => compilePattern(p, `${where}[${i}]`));
  return (text) => tests.some((t) => t(text));
}

/**
 * Normalises a path for comparison: `\` → `/`, repeated slashes merged, `.` dropped and `..` resolved. A `..`
 * that climbs above the start of an absolute path stays at the root (as the file system does); above the start
 * of a relative path it is kept, so such a path is never under any folder. A leading `~` is kept as written.
 *
 * @example
 * ```ts
 * normalisePath('/home/me/./docs/../notes//a.txt'); // '/home/me/notes/a.txt'
 * ```
 */
export function normalisePath(path: string): string {
  const unified = path.replace(/\\/g, '/');
  const drive = /^[A-Za-z]:\//.test(unified) ? unified.slice(0, 2).toLowerCase() : '';
  const rest = drive ? unified.slice(2) : unified;
  const absolute = rest.startsWith('/');
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!absolute) parts.push('..');
    } else parts.push(part);
  }
  return `${drive}${absolute ? '/' : ''}${parts.join('/')}`;
}

/**
 * True when `path` is `folder` or inside it, both normalised (see {@link normalisePath}).
 *
 * @example
 * ```ts
 * isUnder('/tmp/../etc/shadow', '/etc'); // true
 * isUnder('/home/me/.ssh/../notes', '/home/me/.ssh'); // false
 * ```
 */
export function isUnder(path: string, folder: string): boolean {
  const p = normalisePath(path);
  const f = normalisePath(folder);
  if (p.split('/').includes('..')) return false;
  if (f === '/') return p.startsWith('/');
  return p === f || p.startsWith(f.endsWith('/') ? f : `${f}/`);
}
