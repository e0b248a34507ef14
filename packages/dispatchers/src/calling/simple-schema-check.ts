/**
 * A fast check of the most common tool input schemas, used before ajv so the happy path of a first call does not
 * pay for ajv (meta-schema compilation and code generation, tens of ms cold).
 *
 * It covers a flat object schema: `type: "object"` with `properties` whose values are `{ type: string | number |
 * integer | boolean }` (plus annotations: `description`, `title`, `default`), `required` and a boolean
 * `additionalProperties`. It only ever answers `true` when ajv would accept the arguments too; anything else
 * (other keywords, invalid arguments) answers `undefined` and ajv decides, so results and messages are unchanged.
 */
export function simpleSchemaAccepts(schema: Record<string, unknown>, args: unknown): true | undefined {
  if (!isRecord(args) || Array.isArray(args)) return undefined;
  for (const key of Object.keys(schema)) if (!ROOT_KEYWORDS.has(key)) return undefined;
  if (schema['type'] !== 'object') return undefined;
  if (!annotationsValid(schema)) return undefined;
  const properties = schema['properties'] ?? {};
  if (!isRecord(properties) || Array.isArray(properties)) return undefined;
  const required = schema['required'] ?? [];
  if (!Array.isArray(required) || new Set(required).size !== required.length) return undefined;
  const additional = schema['additionalProperties'] ?? true;
  if (typeof additional !== 'boolean') return undefined;
  for (const name of required) {
    if (typeof name !== 'string' || args[name] === undefined) return undefined;
  }
  for (const [name, property] of Object.entries(properties)) {
    if (!isRecord(property) || Array.isArray(property)) return undefined;
    for (const key of Object.keys(property)) if (!PROPERTY_KEYWORDS.has(key)) return undefined;
    if (!annotationsValid(property)) return undefined;
    const check = TYPE_CHECKS[property['type'] as string];
    if (typeof property['type'] !== 'string' || !check) return undefined;
    const value = args[name];
    if (value !== undefined && !check(value)) return undefined;
  }
  if (!additional) {
    for (const key in args) if (!Object.hasOwn(properties, key)) return undefined;
  }
  return true;
}

const ROOT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'description', 'title', '$schema']);
const PROPERTY_KEYWORDS = new Set(['type', 'description', 'title', 'default']);

/** The JSON types as ajv checks them. */
const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => typeof value === 'number' && Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
};

/** `description` and `title` must be strings for the schema to be valid (ajv would refuse it otherwise). */
function annotationsValid(schema: Record<string, unknown>): boolean {
  for (const key of ['description', 'title', '$schema']) {
    if (schema[key] !== undefined && typeof schema[key] !== 'string') return false;
  }
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
