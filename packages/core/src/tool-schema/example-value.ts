import { asSchema, followRef, schemaTypes, type JsonSchema } from './json-schema-node.js';

/** A value that no example could be built for. */
const NONE = Symbol('no example');
type Example = unknown;

const MAX_DEPTH = 8;

/** Strings that satisfy the common `format`s. */
const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  url: 'https://example.com',
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  'json-pointer': '/a',
  regex: '.*',
};

/** Strings tried, in order, against a `pattern`. */
const PATTERN_CANDIDATES = ['example', 'a', 'A', '0', '1', 'a1', 'x', '/', 'example.txt', 'https://example.com', '2025-01-01'];

/**
 * Example arguments for a tool's input schema: its required properties and those with a default, each with a
 * value built from its schema so that the whole object is valid against it (`default`, `const`, the first `enum`
 * value, then by type: bounds, `multipleOf`, `minLength`/`maxLength`, `format`, a `pattern` a candidate matches,
 * `minItems`, tuples (`prefixItems` or array `items`), required fields of nested objects, `$ref`/`$defs` followed).
 * Properties that no valid value can be built for are left out (a test checks the result with a real validator).
 */
export function exampleArguments(schema: JsonSchema): Record<string, unknown> {
  const example = exampleObject(schema, schema, new Set(), 0, true);
  return example === NONE ? {} : (example as Record<string, unknown>);
}

/** An example value valid against `schema` (read within `root`), or undefined when none could be built. */
export function exampleValue(schema: unknown, root: JsonSchema): unknown {
  const value = build(schema, root, new Set(), 0);
  return value === NONE ? undefined : value;
}

function build(input: unknown, root: JsonSchema, seen: Set<string>, depth: number): Example {
  if (input === true) return null;
  const raw = asSchema(input);
  if (!raw || depth > MAX_DEPTH) return NONE;
  seen = new Set(seen); // references followed on this path only: a recursive schema stops, siblings do not
  const schema = followRef(raw, root, seen);
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'].length > 0 ? schema['enum'][0] : NONE;
  const allOf = schema['allOf'];
  if (Array.isArray(allOf) && allOf.length > 0) {
    const merged = allOf.reduce<JsonSchema>(
      (acc, part) => mergeSchemas(acc, followRef(asSchema(part) ?? {}, root, new Set(seen))),
      withoutKey(schema, 'allOf'),
    );
    return build(merged, root, seen, depth + 1);
  }
  const variants = (schema['anyOf'] ?? schema['oneOf']) as unknown;
  if (Array.isArray(variants)) {
    const base = withoutKey(withoutKey(schema, 'anyOf'), 'oneOf');
    const ordered = [...variants].sort((a, b) => Number(isNullSchema(a)) - Number(isNullSchema(b)));
    for (const variant of ordered) {
      const value = build(mergeSchemas(base, asSchema(variant) ?? {}), root, seen, depth + 1);
      if (value !== NONE) return value;
    }
    return NONE;
  }
  const types = schemaTypes(schema);
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (asSchema(schema['properties']) ? 'object' : undefined);
  switch (type) {
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number':
      return exampleNumber(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return exampleArray(schema, root, seen, depth);
    case 'object':
      return exampleObject(schema, root, seen, depth, false);
    default:
      return null; // a schema without a type accepts null unless other keywords say otherwise
  }
}

function exampleString(schema: JsonSchema): Example {
  const minLength = numberOr(schema['minLength'], 0);
  const maxLength = numberOr(schema['maxLength'], Number.POSITIVE_INFINITY);
  const format = typeof schema['format'] === 'string' ? FORMAT_EXAMPLES[schema['format']] : undefined;
  const pattern = typeof schema['pattern'] === 'string' ? safeRegExp(schema['pattern']) : undefined;
  const fits = (s: string): boolean =>
    [...s].length >= minLength && [...s].length <= maxLength && (pattern === undefined || (pattern !== null && pattern.test(s)));
  const candidates = [format, '', 'x'.repeat(Math.min(minLength, 64)), ...PATTERN_CANDIDATES].filter((c): c is string => c !== undefined);
  if (format !== undefined) return fits(format) ? format : NONE;
  return candidates.find(fits) ?? NONE;
}

function exampleNumber(schema: JsonSchema, integer: boolean): Example {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let lowExclusive = false;
  let highExclusive = false;
  if (typeof schema['minimum'] === 'number') low = schema['minimum'];
  if (typeof schema['exclusiveMinimum'] === 'number' && schema['exclusiveMinimum'] >= low) {
    low = schema['exclusiveMinimum'];
    lowExclusive = true;
  }
  if (typeof schema['maximum'] === 'number') high = schema['maximum'];
  if (typeof schema['exclusiveMaximum'] === 'number' && schema['exclusiveMaximum'] <= high) {
    high = schema['exclusiveMaximum'];
    highExclusive = true;
  }
  const step = typeof schema['multipleOf'] === 'number' && schema['multipleOf'] > 0 ? schema['multipleOf'] : undefined;
  const valid = (n: number): boolean =>
    Number.isFinite(n) &&
    (lowExclusive ? n > low : n >= low) &&
    (highExclusive ? n < high : n <= high) &&
    (!integer || Number.isInteger(n)) &&
    (step === undefined || Number.isInteger(n / step));
  const base = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(0, high) : 0;
  const candidates = [base, Math.ceil(base), Math.floor(base) + 1, base + 1];
  if (step !== undefined) candidates.push(Math.ceil(base / step) * step, (Math.floor(base / step) + 1) * step, Math.floor(high / step) * step);
  if (Number.isFinite(low) && Number.isFinite(high)) candidates.push((low + high) / 2);
  if (Number.isFinite(high)) candidates.push(high, Math.floor(high), high - 1);
  return candidates.find(valid) ?? NONE;
}

function exampleArray(schema: JsonSchema, root: JsonSchema, seen: Set<string>, depth: number): Example {
  const prefix = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : [];
  const rest = Array.isArray(schema['items']) ? schema['additionalItems'] : schema['items'];
  const minItems = numberOr(schema['minItems'], 0);
  const maxItems = numberOr(schema['maxItems'], Number.POSITIVE_INFINITY);
  const values: unknown[] = [];
  for (const item of prefix) {
    if (values.length >= Math.max(minItems, prefix.length)) break;
    const value = build(item, root, seen, depth + 1);
    if (value === NONE) return NONE;
    values.push(value);
  }
  while (values.length < minItems) {
    if (rest === false) return NONE;
    const value = build(rest ?? true, root, seen, depth + 1);
    if (value === NONE) return NONE;
    values.push(value);
  }
  if (values.length > maxItems) return NONE;
  if (schema['uniqueItems'] === true && new Set(values.map((v) => JSON.stringify(v))).size !== values.length) return NONE;
  return values;
}

function exampleObject(schema: JsonSchema, root: JsonSchema, seen: Set<string>, depth: number, withDefaults: boolean): Example {
  const properties = asSchema(schema['properties']) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : []);
  const dependent = asSchema(schema['dependentRequired']) ?? {};
  const chosen = Object.keys(properties).filter((name) => required.has(name) || (withDefaults && 'default' in (asSchema(properties[name]) ?? {})));
  for (const name of [...chosen]) {
    const needs = dependent[name];
    if (Array.isArray(needs)) for (const need of needs) if (typeof need === 'string' && !chosen.includes(need)) chosen.push(need);
  }
  for (const name of required) if (!chosen.includes(name)) chosen.push(name);
  const value: Record<string, unknown> = {};
  for (const name of chosen) {
    const property = Object.hasOwn(properties, name) ? properties[name] : (schema['additionalProperties'] ?? true);
    const example = build(property, root, seen, depth + 1);
    if (example === NONE) {
      if (required.has(name)) return NONE;
      continue;
    }
    value[name] = example;
  }
  return value;
}

function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...a, ...b };
  const propsA = asSchema(a['properties']);
  const propsB = asSchema(b['properties']);
  if (propsA && propsB) merged['properties'] = { ...propsA, ...propsB };
  const reqA = Array.isArray(a['required']) ? a['required'] : [];
  const reqB = Array.isArray(b['required']) ? b['required'] : [];
  if (reqA.length + reqB.length > 0) merged['required'] = [...new Set([...reqA, ...reqB])];
  return merged;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const { [key]: _removed, ...rest } = schema;
  return rest;
}

function isNullSchema(value: unknown): boolean {
  const schema = asSchema(value);
  return schema !== undefined && schemaTypes(schema).length === 1 && schemaTypes(schema)[0] === 'null';
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}
