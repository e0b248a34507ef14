/**
 * The JSON Schema dialects tool input schemas are checked in. MCP 2025-11-25 makes 2020-12 the default: a schema
 * without `$schema` is 2020-12; one that names draft-07 (or draft-06, which draft-07 validates the same way for
 * every keyword tools use) is checked as draft-07.
 */
export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

const DIALECTS: ReadonlyArray<readonly [RegExp, SchemaDialect]> = [
  [/^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/, 'draft-07'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, '2019-09'],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, '2020-12'],
];

/**
 * The dialect a schema declares in `$schema` (2020-12 when it declares none), or a reason when it declares one
 * this client cannot check (draft-04 and older, unknown URIs): those are left to the server.
 */
export function schemaDialect(schema: Record<string, unknown>): SchemaDialect | { unsupported: string } {
  const declared = schema['$schema'];
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return { unsupported: '"$schema" is not a string' };
  for (const [pattern, dialect] of DIALECTS) if (pattern.test(declared)) return dialect;
  return { unsupported: `its dialect "${declared}" is not supported (draft-07, 2019-09 and 2020-12 are)` };
}
