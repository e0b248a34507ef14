import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ShellRefusedError } from '../errors.js';

/** Trees no argument may name even when a root contains them: other processes' environments and kernel state. */
const FORBIDDEN_TREES = ['/proc', '/sys'];

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The path with symlinks resolved as far as it exists (a file about to be named need not exist). */
function realish(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(existing.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    existing = parent;
  }
  let real: string;
  try {
    real = realpathSync(existing);
  } catch {
    real = existing;
  }
  return rest.length === 0 ? real : resolve(real, ...rest);
}

/**
 * The ways an argument may name a file: itself, the value after `=` of an option (`--file=/etc/passwd`), and the
 * value glued to a short option (`-f/etc/passwd`, `-f../x`): every tail of a one-dash argument.
 */
function candidates(arg: string): string[] {
  if (!arg.startsWith('-') || arg === '-') return [arg];
  const found: string[] = [];
  const equals = arg.indexOf('=');
  if (equals >= 0) found.push(arg.slice(equals + 1));
  if (!arg.startsWith('--')) for (let k = 2; k < arg.length; k += 1) found.push(arg.slice(k));
  return found;
}

/**
 * Refuses any argument that names a file outside the allowed roots: an absolute path, a relative one that climbs
 * out (`../..`), a name in the working directory that is a symlink leading out, in a positional argument or an
 * option's value — and anything under `/proc` or `/sys` (another process's `environ`, `cmdline`, `mem`). A word
 * without `/` that names no existing file is not a path and passes (`grep needle`, `date +%F`).
 * @throws ShellRefusedError naming the argument and the roots.
 */
export function checkPathArguments(command: string, args: readonly string[], cwd: string, roots: readonly string[]): void {
  for (const arg of args) {
    for (const candidate of candidates(arg)) {
      if (candidate === '' || candidate === '-') continue;
      const looksLikePath = candidate.includes('/') || candidate === '.' || candidate === '..';
      const absolute = resolve(cwd, candidate);
      if (!looksLikePath && !existsSync(absolute)) continue;
      const real = realish(absolute);
      for (const tree of FORBIDDEN_TREES) {
        if (inside(tree, absolute) || inside(tree, real)) {
          throw new ShellRefusedError(`refused ${command}: argument ${JSON.stringify(arg)} names ${tree}, which the shell tool never reads`);
        }
      }
      if (!roots.some((root) => inside(root, real))) {
        throw new ShellRefusedError(`refused ${command}: argument ${JSON.stringify(arg)} names ${real}, outside the allowed roots (${roots.join(', ')})`);
      }
    }
  }
}
