import type { ConfigProblem } from '../errors.js';

const PLACEHOLDER = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${NAME}` and `${NAME:-fallback}` in every string with values from `env` (`$${` stays a literal `${`).
 * An unset variable without a fallback becomes a problem naming the file and the key, not an exception, so every
 * problem of a file is reported at once.
 */
export function expandEnv(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  where: { file: string; problems: ConfigProblem[] },
  path: string[] = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_match, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      where.problems.push({
        file: where.file,
        path: path.join('.'),
        message: `environment variable ${name} is not set (set it, or write \${${name}:-default})`,
      });
      return '';
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => expandEnv(item, env, where, [...path, String(i)]));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = expandEnv(item, env, where, [...path, key]);
    return out;
  }
  return value;
}
