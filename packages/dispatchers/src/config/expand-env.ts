import { ToolServersConfigError } from '../errors.js';

const PLACEHOLDER = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${NAME}` and `${NAME:-fallback}` in every string of a loaded YAML document with values from `env`
 * (`$${` stays a literal `${`), so secrets such as bearer tokens live in the environment, not in the file.
 *
 * @throws ToolServersConfigError when a variable without fallback is not set.
 */
export function expandEnv(value: unknown, env: Readonly<Record<string, string | undefined>>, at = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (match, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      throw new ToolServersConfigError(`Environment variable ${name} (used at ${at || 'the top level'}) is not set`);
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => expandEnv(item, env, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = expandEnv(item, env, at ? `${at}.${key}` : key);
    return out;
  }
  return value;
}
