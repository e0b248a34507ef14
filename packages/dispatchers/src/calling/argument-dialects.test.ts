import { describe, expect, it } from 'vitest';
import { ArgumentValidator } from './argument-validator.js';
import { schemaDialect } from './schema-dialect.js';

const tool = (inputSchema: Record<string, unknown>) => ({ name: 't', inputSchema: inputSchema as { type: 'object' } });

describe('ArgumentValidator checks the dialect the schema declares', () => {
  it('reads the dialect from $schema: 2020-12 by default, draft-07/06 and 2019-09 when named, others unsupported', () => {
    expect(schemaDialect({})).toBe('2020-12');
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020-12');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-06/schema#' })).toBe('draft-07');
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual({ unsupported: expect.stringContaining('draft-04') });
  });

  it('accepts a 2020-12 tuple (prefixItems + items: false, as zod tuples under SDK v2) and refuses extra items', async () => {
    const validator = new ArgumentValidator();
    const schema = tool({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
      required: ['point'],
    });
    expect(await validator.check(schema, { point: [3, 4] })).toEqual({ ok: true });
    const extra = await validator.check(schema, { point: [3, 4, 5] });
    expect(extra.ok).toBe(false);
    const wrong = await validator.check(schema, { point: ['x', 4] });
    expect(wrong).toEqual({ ok: false, problems: ['argument "point[0]" must be number (got string)'] });
  });

  it('checks dependentRequired (2019-09 and later) and names both fields', async () => {
    const validator = new ArgumentValidator();
    const schema = tool({ type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, dependentRequired: { x: ['y'] } });
    expect(await validator.check(schema, { x: 1, y: 2 })).toEqual({ ok: true });
    expect(await validator.check(schema, { x: 1 })).toEqual({ ok: false, problems: ['argument "y" is required when "x" is given'] });
  });

  it('checks a draft-07 schema as draft-07 (array-form items are a tuple there)', async () => {
    const validator = new ArgumentValidator();
    const schema = tool({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false } },
    });
    expect(await validator.check(schema, { pair: ['a', 1] })).toEqual({ ok: true });
    expect(await validator.check(schema, { pair: [1, 'a'] })).toMatchObject({ ok: false });
  });

  it('checks formats (email, uri, date-time, uuid) and ignores formats it does not know', async () => {
    const validator = new ArgumentValidator();
    const schema = tool({
      type: 'object',
      properties: {
        mail: { type: 'string', format: 'email' },
        link: { type: 'string', format: 'uri' },
        at: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        other: { type: 'string', format: 'x-custom' },
      },
    });
    const valid = { mail: 'a@b.example', link: 'https://example.com/x', at: '2025-11-25T10:00:00Z', id: '0b6c1a8e-2f4d-4c1b-9a7e-3d2f1e0c9b8a', other: '?' };
    expect(await validator.check(schema, valid)).toEqual({ ok: true });
    const invalid = await validator.check(schema, { mail: 'nobody', link: 'not a uri', at: 'yesterday', id: '42' });
    expect(invalid).toEqual({
      ok: false,
      problems: [
        'argument "mail" must be a valid email',
        'argument "link" must be a valid uri',
        'argument "at" must be a valid date-time',
        'argument "id" must be a valid uuid',
      ],
    });
  });

  it('leaves a schema in an unsupported dialect to the server, once, with the reason', async () => {
    const reasons: string[] = [];
    const validator = new ArgumentValidator((name, reason) => reasons.push(`${name}: ${reason}`));
    const schema = tool({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number', minimum: 1 } } });
    expect(await validator.check(schema, { n: 0 })).toMatchObject({ ok: 'unchecked' });
    expect(await validator.check(schema, { n: 0 })).toMatchObject({ ok: 'unchecked' });
    expect(reasons).toEqual([expect.stringContaining('t: input schema of "t" cannot be checked: its dialect')]);
  });
});
