import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ArgumentValidator } from './argument-validator.js';
import { simpleSchemaAccepts } from './simple-schema-check.js';

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, verbose: true });

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
  [],
  null,
];

describe('simpleSchemaAccepts', () => {
  it('accepts only arguments ajv accepts, and accepts the valid arguments of flat schemas', () => {
    let accepted = 0;
    for (const schema of schemas) {
      const { $schema: _ignored, ...compiled } = schema;
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
    expect((validator as unknown as { ajv: unknown }).ajv).toBeUndefined();
    expect(await validator.check(tool, { id: 7 })).toEqual({ ok: false, problems: ['argument "id" must be string (got integer)'] });
    expect(await validator.check(tool, { id: '8' })).toEqual({ ok: true });
  });
});
