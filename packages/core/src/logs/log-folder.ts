import { mkdirSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UfoError, type UfoErrorCode } from '../errors.js';
import { systemClock } from '../ports/clock.js';

/**
 * The folder session log folders live under when none is configured (relative to the working directory). The file
 * log sink, the server, the CLI and the configuration file all default to it.
 *
 * @example
 * ```ts
 * new FileLogSink({ task: 'calc' }).folder; // <cwd>/logs/calc, as with logRoot: DEFAULT_LOG_ROOT
 * ```
 */
export const DEFAULT_LOG_ROOT = 'logs';

/** Turns a task name into a safe folder name: letters, digits, `-`, `_` and `.`; never `.`/`..`; ≤ 100 chars. */
export function sanitizeTaskName(task: string): string {
  const cleaned = task
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/_+/g, '_')
    .slice(0, 100);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'task' : cleaned;
}

/** A timestamp task name like the original's default: `YYYY-MM-DD-HH-MM-SS`. */
export function timestampTaskName(date: Date = new Date(systemClock.now())): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}-${p(date.getHours())}-${p(date.getMinutes())}-${p(date.getSeconds())}`;
}

/**
 * True when `path` lies strictly inside `folder` (not the folder itself, not beside or above it), after both are
 * resolved against the working directory.
 * @example
 * isInsideFolder('logs', 'logs/calc/step_1.png'); // true
 * isInsideFolder('logs', 'logs/../secret'); // false
 */
export function isInsideFolder(folder: string, path: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * Resolves (and creates) the log folder of a task under `logRoot`. The task name is sanitised and the result is
 * checked to stay inside the root, so no task name can write elsewhere.
 */
export function resolveLogFolder(logRoot: string, task: string): string {
  const root = resolve(logRoot);
  const folder = resolve(join(root, sanitizeTaskName(task)));
  if (!isInsideFolder(root, folder)) {
    throw new UfoError<UfoErrorCode>('LOG_PATH_INVALID', `Log folder for task "${task}" escapes the log root ${root}`);
  }
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Checks that an artifact name is a plain relative path inside its folder. */
export function resolveArtifactPath(folder: string, name: string): string {
  const target = resolve(folder, name);
  if (!isInsideFolder(folder, target)) {
    throw new UfoError<UfoErrorCode>('LOG_PATH_INVALID', `Artifact name "${name}" escapes the log folder`);
  }
  return target;
}
