type Json = Record<string, unknown>;

/**
 * Rewrites a JSON Schema into the subset OpenAI's strict mode accepts: every object lists all its properties as
 * required and sets `additionalProperties: false`; a property that was optional becomes nullable instead (the
 * model writes `null` for it, and {@link dropNullOptionals} turns that back into an absent key); `oneOf` becomes
 * `anyOf`; `default` is dropped. Returns `undefined` when the schema cannot be made strict (open records, an
 * empty `{}` schema, `allOf`), so the caller keeps `strict: false`.
 *
 * @example
 * ```ts
 * toStrictJsonSchema({ type: 'object', properties: { a: { type: 'string' } } });
 * // { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, required: ['a'], additionalProperties: false }
 * ```
 */
export function toStrictJsonSchema(schema: Json): Json | undefined {
  try {
    return strictNode(schema);
  } catch (error) {
    if (error instanceof NotStrict) return undefined;
    throw error;
  }
}

class NotStrict extends Error {}

function strictNode(node: Json): Json {
  const keys = Object.keys(node).filter((key) => key !== 'description' && key !== 'title' && key !== '$defs' && key !== 'default');
  if (keys.length === 0) throw new NotStrict('an empty schema accepts anything');
  if ('allOf' in node || 'not' in node || 'patternProperties' in node) throw new NotStrict('unsupported keyword');
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    switch (key) {
      case 'default':
      case 'propertyNames':
        break;
      case 'properties':
      case 'required':
      case 'additionalProperties':
        break;
      case 'items':
        out['items'] = isSchema(value) ? strictNode(value) : value;
        break;
      case 'anyOf':
      case 'oneOf':
        out['anyOf'] = (value as Json[]).map(strictNode);
        break;
      case '$defs':
      case 'definitions':
        out[key] = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, def]) => [name, strictNode(def)]));
        break;
      default:
        out[key] = value;
    }
  }
  const isObject = node['type'] === 'object' || 'properties' in node;
  if (isObject) {
    const additional = node['additionalProperties'];
    if (additional !== undefined && additional !== false) throw new NotStrict('an open record cannot be strict');
    const properties = (node['properties'] ?? {}) as Record<string, Json>;
    const required = new Set((node['required'] as string[] | undefined) ?? []);
    out['properties'] = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const strict = strictNode(property);
        return [name, required.has(name) || allowsNull(strict) ? strict : { anyOf: [strict, { type: 'null' }] }];
      }),
    );
    out['required'] = Object.keys(properties);
    out['additionalProperties'] = false;
  }
  return out;
}

function isSchema(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function allowsNull(node: Json): boolean {
  const type = node['type'];
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (node['const'] === null) return true;
  if (Array.isArray(node['enum']) && (node['enum'] as unknown[]).includes(null)) return true;
  const anyOf = (node['anyOf'] ?? node['oneOf']) as Json[] | undefined;
  return Array.isArray(anyOf) && anyOf.some(allowsNull);
}

/**
 * Removes the `null` values a strict-mode model wrote for properties that the original schema leaves optional and
 * does not allow to be null, so the reply validates against the original (zod) schema. Walks objects, arrays,
 * local `$ref`s and single-object `anyOf`s; returns a new value.
 */
export function dropNullOptionals(value: unknown, schema: Json, root: Json = schema): unknown {
  const node = resolveRef(schema, root);
  if (Array.isArray(value)) {
    const items = node['items'];
    return isSchema(items) ? value.map((item) => dropNullOptionals(item, items, root)) : value;
  }
  if (!isSchema(value)) return value;
  const properties = node['properties'] as Record<string, Json> | undefined;
  if (!properties) {
    const branches = ((node['anyOf'] ?? node['oneOf']) as Json[] | undefined)?.filter((branch) => isSchema(resolveRef(branch, root)['properties']));
    return branches?.length === 1 ? dropNullOptionals(value, branches[0]!, root) : value;
  }
  const required = new Set((node['required'] as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = properties[key];
    if (!property) {
      out[key] = item;
      continue;
    }
    if (item === null && !required.has(key) && !allowsNull(resolveRef(property, root))) continue;
    out[key] = dropNullOptionals(item, property, root);
  }
  return out;
}

function resolveRef(node: Json, root: Json): Json {
  const ref = node['$ref'];
  if (typeof ref !== 'string') return node;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const target = match ? (root[match[1]!] as Record<string, Json> | undefined)?.[match[2]!] : undefined;
  return target ?? node;
}
