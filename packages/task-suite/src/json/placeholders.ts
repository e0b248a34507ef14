import { join } from 'node:path';
import type { TaskWorkspace } from '../task.js';

/** The placeholder names a task file may use: `{dir}`, `{path:rel/file}`, `{config}` and `{home}`. */
export const PLACEHOLDER_NAMES = ['dir', 'path', 'config', 'home'] as const;

/**
 * A placeholder in a task file's string: `{name}` or `{name:argument}` with a name of letters. Other braces (`{ }`,
 * `{"a": 1}`) are plain text.
 */
const PLACEHOLDER = /\{([A-Za-z]+)(?::([^{}]*))?\}/g;

/** The values placeholders stand for in one task run. */
export interface PlaceholderValues {
  /** The task's own folder. */
  dir: string;
  /** The desktop's XDG_CONFIG_HOME. */
  config: string;
  /** The desktop's HOME. */
  home: string;
}

/** The placeholder values of a task context: `{home}` falls back to the task folder when the desktop has no HOME. */
export function placeholderValues(ctx: TaskWorkspace): PlaceholderValues {
  const env = ctx.desktop.env;
  return { dir: ctx.dir, config: env.XDG_CONFIG_HOME ?? join(env.HOME ?? ctx.dir, '.config'), home: env.HOME ?? ctx.dir };
}

/**
 * The problems with the placeholders of one string, in words (empty when every placeholder is known).
 *
 * @example
 * ```ts
 * placeholderProblems('{path:a.txt} in {dir}'); // []
 * placeholderProblems('{tmp}/a.txt'); // ['unknown placeholder {tmp} (known: {dir}, {path:…}, {config}, {home})']
 * ```
 */
export function placeholderProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const [whole, name, argument] = m;
    if (name === 'path') {
      if (argument === undefined || argument.trim() === '') problems.push(`${whole} needs a relative path ({path:file.txt})`);
      continue;
    }
    if (!(PLACEHOLDER_NAMES as readonly string[]).includes(name!)) problems.push(`unknown placeholder ${whole} (known: {dir}, {path:…}, {config}, {home})`);
    else if (argument !== undefined) problems.push(`${whole}: {${name}} takes no argument`);
  }
  return problems;
}

/**
 * A string with its placeholders replaced.
 *
 * @example
 * ```ts
 * substitute('save as {path:out/note.txt}', { dir: '/tmp/t', config: '/c', home: '/h' }); // 'save as /tmp/t/out/note.txt'
 * ```
 */
export function substitute(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string, argument: string | undefined) => {
    if (name === 'path' && argument !== undefined) return join(values.dir, argument);
    if (argument !== undefined) return whole;
    if (name === 'dir' || name === 'config' || name === 'home') return values[name];
    return whole;
  });
}

/** Every string inside a JSON value (object values and array items, at any depth) with its placeholders replaced. */
export function substituteDeep<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === 'string') return substitute(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteDeep(item, values)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteDeep(v, values)])) as T;
  return value;
}

/** The placeholder problems of every string inside a JSON value, each with its path (`solution.2.setText`). */
export function placeholderProblemsDeep(value: unknown, path: (string | number)[] = []): string[] {
  if (typeof value === 'string') return placeholderProblems(value).map((p) => `${path.join('.') || '(root)'}: ${p}`);
  if (Array.isArray(value)) return value.flatMap((item, i) => placeholderProblemsDeep(item, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholderProblemsDeep(v, [...path, k]));
  return [];
}
