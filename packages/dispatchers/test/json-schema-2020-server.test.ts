import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';

// A tool schema in JSON Schema 2020-12, the default dialect of MCP 2025-11-25: the tuple is what the official
// SDK v2 (`@modelcontextprotocol/server` 2.x) advertises for `z.tuple([z.number(), z.number()])`; the
// `dependentRequired` is written by hand. Served raw by a low-level handler, exactly as listed here.
const moveTool: Tool = {
  name: 'move',
  description: 'Moves the pointer.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 },
      button: { type: 'string', enum: ['left', 'right'] },
      clicks: { type: 'integer', minimum: 1 },
    },
    required: ['point'],
    dependentRequired: { clicks: ['button'] },
    additionalProperties: false,
  },
};
const noDialectTool: Tool = {
  name: 'pair',
  description: 'A tuple without $schema: 2020-12 by default.',
  inputSchema: { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false } } },
};

function createServer(): McpServer {
  const server = new McpServer({ name: 'schema-2020', version: '1.0.0' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [moveTool, noDialectTool] }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: JSON.stringify(request.params.arguments) }],
  }));
  return server;
}

const dispatchers = dispatcherFactory();
afterAll(() => dispatchers.closeAll());
const target = { agent: 'LinuxAgent' };

describe('a server advertising JSON Schema 2020-12 (SDK v2 style)', () => {
  const dispatcher = () =>
    dispatchers.create({
      config: { LinuxAgent: { default: { action: [{ namespace: 'v2', transport: 'in-process', factory: 'v2' }] } } },
      factories: { v2: createServer },
    });

  it('can be called with a tuple (prefixItems + items: false), and extra or wrong items are refused by field', async () => {
    const d = dispatcher();
    expect(await runOne(d, command('move', { point: [10, 20] }), target)).toMatchObject({
      status: 'success',
      result: [{ type: 'text', text: '{"point":[10,20]}' }],
    });
    const wrong = await runOne(d, command('move', { point: [10, 'x'] }), target);
    expect(wrong.error).toBe('TOOL_ARGUMENTS_INVALID: tool "move" rejected its arguments: argument "point[1]" must be number (got string)');
    const extra = await runOne(d, command('move', { point: [1, 2, 3] }), target);
    expect(extra.error).toMatch(/^TOOL_ARGUMENTS_INVALID: .*argument "point" must NOT have more than 2 items/);
    expect(await runOne(d, command('pair', { pair: ['a'] }), target)).toMatchObject({ status: 'success' });
    expect((await runOne(d, command('pair', { pair: ['a', 'b'] }), target)).error).toMatch(/^TOOL_ARGUMENTS_INVALID: .*"pair"/);
  });

  it('checks dependentRequired', async () => {
    const d = dispatcher();
    const missing = await runOne(d, command('move', { point: [1, 2], clicks: 2 }), target);
    expect(missing.error).toBe('TOOL_ARGUMENTS_INVALID: tool "move" rejected its arguments: argument "button" is required when "clicks" is given');
    expect(await runOne(d, command('move', { point: [1, 2], clicks: 2, button: 'left' }), target)).toMatchObject({ status: 'success' });
  });
});
