import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type AnySchema = { _zod: { def: Record<string, unknown> } };

/** The value at `path` in `data` (undefined when absent). */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let here: unknown = data;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/** A short, readable form of a value for "got ...". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

const ARTICLE: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  int: 'an integer',
};

/** The keys a schema accepts at `path` (for "did you mean"), following optional/default wrappers and records. */
export function knownKeys(schema: unknown, path: readonly PropertyKey[]): string[] {
  let here = unwrap(schema as AnySchema);
  for (const key of path) {
    if (!here) return [];
    const def = here._zod.def;
    if (def.shape) here = unwrap((def.shape as Record<string, AnySchema>)[String(key)]);
    else if (def.valueType) here = unwrap(def.valueType as AnySchema);
    else return [];
  }
  const shape = here?._zod.def.shape as Record<string, unknown> | undefined;
  return shape ? Object.keys(shape) : [];
}

function unwrap(schema: AnySchema | undefined): AnySchema | undefined {
  let here = schema;
  for (let i = 0; here && i < 10 && here._zod.def.innerType; i += 1) here = here._zod.def.innerType as AnySchema;
  return here;
}

/** The closest candidate by edit distance, when it is close enough to be a typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** One readable message per problem of an issue: `[path, message, isKey]` (unknown keys give one each). */
export function issueMessages(issue: Issue, data: unknown, schema: unknown): Array<{ path: PropertyKey[]; message: string; key?: boolean }> {
  const path = [...issue.path];
  const got = `got ${describeValue(valueAt(data, path))}`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const suggestion = closest(key, knownKeys(schema, path));
        const known = knownKeys(schema, path);
        return {
          path: [...path, key],
          key: true,
          message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : known.length ? ` (expected one of: ${known.join(', ')})` : ''}`,
        };
      });
    case 'invalid_type': {
      if (valueAt(data, path) === undefined) return [{ path, message: `is required (expected ${ARTICLE[issue.expected] ?? issue.expected})` }];
      return [{ path, message: `expected ${ARTICLE[issue.expected] ?? issue.expected}, ${got}` }];
    }
    case 'too_small': {
      const what =
        issue.origin === 'string' ? 'a string of at least' : issue.origin === 'array' ? 'a list of at least' : `a number ${issue.inclusive ? '≥' : '>'}`;
      const unit = issue.origin === 'string' ? ' character(s)' : issue.origin === 'array' ? ' item(s)' : '';
      return [{ path, message: `expected ${what} ${String(issue.minimum)}${unit}, ${got}` }];
    }
    case 'too_big': {
      const what =
        issue.origin === 'string' ? 'a string of at most' : issue.origin === 'array' ? 'a list of at most' : `a number ${issue.inclusive ? '≤' : '<'}`;
      return [{ path, message: `expected ${what} ${String(issue.maximum)}, ${got}` }];
    }
    case 'invalid_value': {
      const value = valueAt(data, path);
      const options = issue.values.map((v) => JSON.stringify(v));
      const suggestion = typeof value === 'string' ? closest(value, issue.values.map(String)) : undefined;
      return [{ path, message: `expected one of ${options.join(' | ')}, ${got}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}` }];
    }
    case 'invalid_format':
      return [{ path, message: `expected ${issue.format === 'url' ? 'a URL' : `a ${issue.format}`}, ${got}` }];
    case 'invalid_union': {
      const value = valueAt(data, path) as Record<string, unknown> | undefined;
      const tag = value && typeof value === 'object' ? (value.transport ?? value.type) : undefined;
      return [{ path, message: tag !== undefined ? `${issue.message} (${String(tag)} is not one of the accepted kinds)` : `${issue.message}, ${got}` }];
    }
    default:
      return [{ path, message: issue.message }];
  }
}
