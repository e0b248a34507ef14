import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolInfo } from '@ufo-ts/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentValidator, exampleArguments, renderToolsForPrompt, type ServerConfigInput } from '../src/index.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { dispatcherFactory } from './helpers/dispatcher-setup.js';
import { everythingStdio, filesystemStdio } from './helpers/outside-servers.js';

// Every example call the prompt shows must be valid against its tool's schema: checked with the dispatcher's own
// validator (the dialect the schema declares, formats on) for every tool of two outside servers and of ours.
const dispatchers = dispatcherFactory();
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ufo-prompt-examples-'));
});
afterAll(async () => {
  await dispatchers.closeAll();
  rmSync(root, { recursive: true, force: true });
});

async function listed(server: ServerConfigInput, factories = {}): Promise<ToolInfo[]> {
  const dispatcher = dispatchers.create({ config: { A: { default: { action: [server] } } }, factories });
  return dispatcher.listTools({ target: { agent: 'A' } });
}

async function expectValidExamples(tools: readonly ToolInfo[]): Promise<void> {
  const validator = new ArgumentValidator();
  const prompt = renderToolsForPrompt(tools);
  for (const tool of tools) {
    const example = exampleArguments(tool.input_schema);
    const check = await validator.check({ name: tool.name, inputSchema: tool.input_schema as { type: 'object' } }, example);
    expect(check, `${tool.name}(${JSON.stringify(example)})`).toEqual({ ok: true });
    const call = `${tool.name}(${Object.entries(example)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(', ')})`;
    expect(prompt).toContain(`Example usage:\n${call}`);
  }
}

describe('example calls in the prompt are valid by construction', () => {
  it('for every tool of server-everything', async () => {
    await expectValidExamples(await listed(everythingStdio()));
  });

  it('for every tool of server-filesystem (paths=[] is never shown against minItems 1)', async () => {
    const tools = await listed(filesystemStdio(root));
    await expectValidExamples(tools);
    expect(exampleArguments(tools.find((t) => t.name === 'read_multiple_files')!.input_schema)).toEqual({ paths: [''] });
  });

  it('for every tool of our fixture server', async () => {
    await expectValidExamples(await listed({ namespace: 'f', transport: 'in-process', factory: 'f' }, { f: () => createFixtureServer('f') }));
  });

  it('for schemas with bounds, formats, tuples, nested objects in arrays, $ref/$defs and dependent fields', async () => {
    const input_schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        point: {
          type: 'object',
          properties: { x: { type: 'integer', minimum: 1 }, y: { type: 'integer', exclusiveMinimum: 0, multipleOf: 5 } },
          required: ['x', 'y'],
        },
      },
      properties: {
        count: { type: 'integer', minimum: 3, maximum: 9 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        name: { type: 'string', minLength: 3, pattern: '^[a-z]+$' },
        mail: { type: 'string', format: 'email' },
        when: { type: 'string', format: 'date-time' },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number', minimum: 2 }], items: false },
        points: { type: 'array', items: { $ref: '#/$defs/point' }, minItems: 2 },
        target: { $ref: '#/$defs/point' },
        mode: { anyOf: [{ type: 'null' }, { type: 'string', enum: ['fast', 'slow'] }] },
        extra: { type: 'string', default: 'x' },
        needs: { type: 'boolean' },
      },
      required: ['count', 'ratio', 'name', 'mail', 'when', 'pair', 'points', 'target', 'mode'],
      dependentRequired: { extra: ['needs'] },
    };
    const tool: ToolInfo = { name: 'rich', description: 'A rich schema.', input_schema, tool_type: 'action', namespace: 'x' };
    await expectValidExamples([tool]);
    expect(renderToolsForPrompt([tool])).toBe(
      [
        'Tool name: rich',
        'Description: A rich schema.',
        '',
        'Parameters:',
        '- count (integer, required): Constraints: minimum 3, maximum 9.',
        '- ratio (number, required): Constraints: greater than 0, less than 1.',
        '- name (string, required): Constraints: at least 3 characters, matches /^[a-z]+$/.',
        '- mail (string, required): Constraints: format email.',
        '- when (string, required): Constraints: format date-time.',
        '- pair ([string, number], required)',
        '- points (array of object, required): Constraints: at least 2 items.',
        '  - x (integer, required): Constraints: minimum 1.',
        '  - y (integer, required): Constraints: greater than 0, multiple of 5.',
        '- target (object, required)',
        '  - x (integer, required): Constraints: minimum 1.',
        '  - y (integer, required): Constraints: greater than 0, multiple of 5.',
        '- mode (null | string, required)',
        '- extra (string, optional): Constraints: requires needs. Default: "x"',
        '- needs (boolean, optional)',
        '',
        'Example usage:',
        'rich(count=3, ratio=0.5, name="xxx", mail="user@example.com", when="2025-01-01T00:00:00Z", pair=["",2], points=[{"x":1,"y":5},{"x":1,"y":5}], target={"x":1,"y":5}, mode="fast", extra="x", needs=false)',
      ].join('\n'),
    );
  });
});
