import { asSchema, followRef, schemaTypes, type JsonSchema } from './json-schema-node.js';

/** Nested fields are listed this many levels deep (objects, and objects inside arrays). */
const MAX_NESTING = 3;

/**
 * The parameter lines of a tool's input schema: `- name (type, required|optional): description One of: ...
 * Constraints: ... Default: ...`, with the fields of nested objects (also inside arrays and behind `$ref`)
 * indented under their parameter.
 */
export function describeParameters(schema: JsonSchema): string[] {
  return describeProperties(schema, schema, '', new Set(), 0);
}

function describeProperties(schema: JsonSchema, root: JsonSchema, indent: string, seen: Set<string>, depth: number): string[] {
  const properties = asSchema(schema['properties']) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
  const dependent = asSchema(schema['dependentRequired']) ?? {};
  const lines: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const local = new Set(seen);
    const property = value === true ? {} : followRef(asSchema(value) ?? {}, root, local);
    const needs = Array.isArray(dependent[name]) ? (dependent[name] as unknown[]).map(String) : [];
    lines.push(`${indent}- ${name} (${typeName(property, root, local)}, ${required.has(name) ? 'required' : 'optional'})${details(property, needs)}`);
    if (depth + 1 < MAX_NESTING) {
      const nested = nestedObject(property, root, local);
      if (nested) lines.push(...describeProperties(nested, root, `${indent}  `, local, depth + 1));
    }
  }
  return lines;
}

/** The object whose fields belong under a parameter: the parameter itself, or the items of an array of objects. */
function nestedObject(schema: JsonSchema, root: JsonSchema, seen: Set<string>): JsonSchema | undefined {
  if (asSchema(schema['properties']) && Object.keys(asSchema(schema['properties'])!).length > 0) return schema;
  const items = asSchema(schema['items']);
  if (schemaTypes(schema).includes('array') && items) {
    const item = followRef(items, root, seen);
    if (asSchema(item['properties']) && Object.keys(asSchema(item['properties'])!).length > 0) return item;
  }
  return undefined;
}

/** A short type: `string`, `integer | null`, `array of object`, `[number, number]`, `"fixed"`. */
export function typeName(input: JsonSchema, root: JsonSchema, seen: Set<string> = new Set()): string {
  const schema = followRef(input, root, seen);
  const types = schemaTypes(schema);
  if (types.length > 1) return types.map((t) => (t === 'array' ? arrayType(schema, root, seen) : t)).join(' | ');
  if (types[0] === 'array') return arrayType(schema, root, seen);
  if (types[0] !== undefined) return types[0];
  if ('const' in schema) return JSON.stringify(schema['const']);
  const variants = (schema['anyOf'] ?? schema['oneOf']) as unknown;
  if (Array.isArray(variants)) {
    return [...new Set(variants.map((v) => (v === true ? 'any' : typeName(asSchema(v) ?? {}, root, new Set(seen)))))].join(' | ');
  }
  const allOf = schema['allOf'];
  if (Array.isArray(allOf)) {
    const named = allOf.map((v) => typeName(asSchema(v) ?? {}, root, new Set(seen))).filter((t) => t !== 'any');
    if (named.length > 0) return named[0]!;
  }
  if (Array.isArray(schema['enum'])) {
    const kinds = [...new Set(schema['enum'].map((v) => (v === null ? 'null' : typeof v)))];
    return kinds.join(' | ');
  }
  if (asSchema(schema['properties'])) return 'object';
  return 'any';
}

function arrayType(schema: JsonSchema, root: JsonSchema, seen: Set<string>): string {
  const prefix = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : undefined;
  if (prefix) {
    const rest = Array.isArray(schema['items']) ? schema['additionalItems'] : schema['items'];
    const parts = prefix.map((p) => typeName(asSchema(p) ?? {}, root, new Set(seen)));
    return `[${parts.join(', ')}${rest === false ? '' : ', ...'}]`;
  }
  const items = asSchema(schema['items']);
  return items ? `array of ${typeName(items, root, new Set(seen))}` : 'array';
}

function details(schema: JsonSchema, needs: string[]): string {
  const parts: string[] = [];
  if (typeof schema['description'] === 'string' && schema['description'].trim()) parts.push(schema['description'].trim());
  const choices = Array.isArray(schema['enum']) ? schema['enum'] : enumOfVariants(schema);
  if (choices) parts.push(`One of: ${choices.map((v) => JSON.stringify(v)).join(', ')}.`);
  const constraints = constraintTexts(schema);
  if (needs.length > 0) constraints.push(`requires ${needs.join(', ')}`);
  if (constraints.length > 0) parts.push(`Constraints: ${constraints.join(', ')}.`);
  if ('default' in schema) parts.push(`Default: ${JSON.stringify(schema['default'])}`);
  return parts.length > 0 ? `: ${parts.join(' ')}` : '';
}

/** The values of an `anyOf`/`oneOf` of `const`s (how some generators write enums). */
function enumOfVariants(schema: JsonSchema): unknown[] | undefined {
  const variants = (schema['anyOf'] ?? schema['oneOf']) as unknown;
  if (!Array.isArray(variants) || variants.length === 0) return undefined;
  const values = variants.map((v) => asSchema(v));
  return values.every((v) => v !== undefined && 'const' in v) ? values.map((v) => v!['const']) : undefined;
}

const CONSTRAINTS: ReadonlyArray<readonly [string, (value: unknown) => string]> = [
  ['minimum', (v) => `minimum ${String(v)}`],
  ['exclusiveMinimum', (v) => (typeof v === 'number' ? `greater than ${v}` : '')],
  ['maximum', (v) => `maximum ${String(v)}`],
  ['exclusiveMaximum', (v) => (typeof v === 'number' ? `less than ${v}` : '')],
  ['multipleOf', (v) => `multiple of ${String(v)}`],
  ['minLength', (v) => `at least ${String(v)} characters`],
  ['maxLength', (v) => `at most ${String(v)} characters`],
  ['pattern', (v) => `matches /${String(v)}/`],
  ['format', (v) => `format ${String(v)}`],
  ['minItems', (v) => `at least ${String(v)} item${v === 1 ? '' : 's'}`],
  ['maxItems', (v) => `at most ${String(v)} item${v === 1 ? '' : 's'}`],
  ['uniqueItems', (v) => (v === true ? 'unique items' : '')],
  ['minProperties', (v) => `at least ${String(v)} properties`],
  ['maxProperties', (v) => `at most ${String(v)} properties`],
];

function constraintTexts(schema: JsonSchema): string[] {
  return CONSTRAINTS.flatMap(([key, text]) => (key in schema ? [text(schema[key])].filter(Boolean) : []));
}
