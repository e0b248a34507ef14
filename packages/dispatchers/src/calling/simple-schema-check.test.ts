import { describe, expect, it } from 'vitest';
import { AjvInstances } from './ajv-instances.js';
import { ArgumentValidator } from './argument-validator.js';
import { schemaDialect } from './schema-dialect.js';
import { simpleSchemaAccepts } from './simple-schema-check.js';

const instances = new AjvInstances();

const schemas: Array<Record<string, unknown>> = [
  { type: 'object', properties: {} },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { all_screens: { type: 'boolean' } } },
  { type: 'object', properties: { id: { type: 'string', description: 'Control id' }, name: { type: 'string' } }, required: ['id'] },
  { type: 'object', properties: { n: { type: 'integer' }, x: { type: 'number', default: 1 } }, required: ['n'], additionalProperties: false },
  { type: 'object', properties: { to: { type: 'string' }, body: { default: '', type: 'string' } }, required: ['to'] },
  // Outside the fast path: ajv decides.
  { type: 'object', properties: { s: { type: 'string', minLength: 2 } } },
  { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } },
  { type: 'object', properties: { e: { enum: ['a', 'b'] } } },
  { type: 'object', properties: { t: { type: ['string', 'null'] } } },
  { type: 'object', required: 'id' },
  { type: 'object', properties: { mail: { type: 'string', format: 'email' } } },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { p: { type: 'array', prefixItems: [{ type: 'number' }], items: false } },
  },
  { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, dependentRequired: { a: ['b'] } },
];

const argumentSets: unknown[] = [
  {},
  { id: '7' },
  { id: 7 },
  { id: '7', name: 'Result', extra: true },
  { n: 1 },
  { n: 1.5 },
  { n: 1, x: 2.5 },
  { n: 1, x: Infinity },
  { n: 1, other: 0 },
  { all_screens: true },
  { all_screens: 'yes' },
  { to: 'a@b.c', body: 'hi' },
  { to: undefined },
  { s: 'x' },
  { a: ['x'] },
  { e: 'c' },
  { t: null },
  { mail: 'not an address' },
  { p: [1, 2] },
  { a: 'x' },
  [],
  null,
];

describe('simpleSchemaAccepts', () => {
  it("accepts only arguments ajv accepts (in the schema's dialect, with formats), and accepts the valid arguments of flat schemas", async () => {
    let accepted = 0;
    for (const schema of schemas) {
      const { $schema: _ignored, ...compiled } = schema;
      const dialect = schemaDialect(schema);
      if (typeof dialect !== 'string') throw new Error(dialect.unsupported);
      const ajv = await instances.get(dialect);
      let validate: ((args: unknown) => boolean) | undefined;
      try {
        validate = ajv.compile(compiled);
      } catch {
        validate = undefined; // an invalid schema: the fast path must not accept anything
      }
      for (const args of argumentSets) {
        const fast = simpleSchemaAccepts(schema, args);
        if (fast === true) {
          accepted += 1;
          expect(validate?.(args), `${JSON.stringify(schema)} with ${JSON.stringify(args)}`).toBe(true);
        }
      }
    }
    expect(accepted).toBeGreaterThan(10);
    expect(simpleSchemaAccepts(schemas[2]!, { id: '7' })).toBe(true);
    expect(simpleSchemaAccepts(schemas[5]!, { s: 'xyz' })).toBeUndefined();
  });

  it('lets ArgumentValidator check simple valid calls without creating ajv, and still explain invalid ones', async () => {
    const validator = new ArgumentValidator();
    const tool = { name: 'click_input', inputSchema: schemas[2] as { type: 'object' } };
    expect(await validator.check(tool, { id: '7' })).toEqual({ ok: true });
    expect(validator.ajvCreated).toBe(false);
    expect(await validator.check(tool, { id: 7 })).toEqual({ ok: false, problems: ['argument "id" must be string (got integer)'] });
    expect(await validator.check(tool, { id: '8' })).toEqual({ ok: true });
  });
});
