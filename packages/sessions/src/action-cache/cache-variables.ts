import { SessionError } from '../errors.js';

/** A variable's place in a template: `{{name}}` (letters, digits and `_`). */
const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/**
 * Writes a text with placeholders where the variables' values are (longest value first, so `report-2.txt` wins over
 * `report`). Empty values are left alone: they are everywhere.
 *
 * @example
 * ```ts
 * toTemplate('open /tmp/q3.ods and sum column B', { file: '/tmp/q3.ods' }); // 'open {{file}} and sum column B'
 * ```
 */
export function toTemplate(text: string, variables: Readonly<Record<string, string>>): string {
  const byLength = Object.entries(variables)
    .filter(([, value]) => value !== '')
    .sort((a, b) => b[1].length - a[1].length);
  let out = text;
  for (const [name, value] of byLength) out = out.split(value).join(`{{${name}}}`);
  return out;
}

/**
 * Puts the variables' values in a template's placeholders. Throws `ACTION_CACHE_VARIABLE_MISSING` for a placeholder
 * with no value: a cached step never runs with a hole in it.
 */
export function fillTemplate(template: string, variables: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = variables[name];
    if (value === undefined)
      throw new SessionError('ACTION_CACHE_VARIABLE_MISSING', `the cached run needs the variable "${name}", which this run does not give`, {
        details: { variable: name },
      });
    return value;
  });
}

/** {@link toTemplate} on every string inside a JSON value (object keys are left alone). */
export function templateValues(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  return mapStrings(value, (text) => toTemplate(text, variables));
}

/** {@link fillTemplate} on every string inside a JSON value (object keys are left alone). */
export function fillValues(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  return mapStrings(value, (text) => fillTemplate(text, variables));
}

/** The names of the placeholders in a text, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}
