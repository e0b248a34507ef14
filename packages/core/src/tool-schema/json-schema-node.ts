/** A JSON Schema node as tools list it (an object; boolean schemas are handled by the callers). */
export type JsonSchema = Record<string, unknown>;

/** The node itself when it is an object schema, else undefined. */
export function asSchema(value: unknown): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** The schema's types, in order (`type: "x"` or `type: ["x", "null"]`); empty when it names none. */
export function schemaTypes(schema: JsonSchema): string[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

const MAX_REF_HOPS = 32;

/**
 * The node with its local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer into `root`) followed,
 * siblings of the `$ref` kept on top (2020-12 allows them). A reference that cannot be followed, or one already on
 * `seen` (a recursive schema), is left as is; `seen` gets every reference followed.
 */
export function followRef(node: JsonSchema, root: JsonSchema, seen: Set<string>): JsonSchema {
  let current = node;
  for (let hop = 0; hop < MAX_REF_HOPS; hop += 1) {
    const ref = current['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith('#') || seen.has(ref)) return current;
    const target = resolvePointer(root, ref.slice(1));
    if (!target) return current;
    seen.add(ref);
    const { $ref: _followed, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

function resolvePointer(root: JsonSchema, pointer: string): JsonSchema | undefined {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = asSchema(node)?.[key] ?? (Array.isArray(node) ? node[Number(key)] : undefined);
    if (node === undefined) return undefined;
  }
  return asSchema(node);
}
