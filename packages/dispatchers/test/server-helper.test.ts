import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RESULT_WRAPPED_META_KEY,
  TOOL_TIMEOUT_META_KEY,
  TOOL_TYPE_META_KEY,
  ToolDefinitionError,
  createToolServer,
  defineTool,
  type McpServer,
} from '../src/server.js';

const open: Array<{ client: Client; server: McpServer }> = [];

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  open.push({ client, server });
  return client;
}

afterEach(async () => {
  for (const { client, server } of open.splice(0)) {
    await client.close();
    await server.close();
  }
});

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('tool-server helper', () => {
  const tools = [
    defineTool({
      name: 'point',
      description: 'Returns a point.',
      input: z.object({ x: z.number().describe('X coordinate'), y: z.number().default(0) }),
      handler: ({ x, y }) => ({ x, y, sum: x + y }),
    }),
    defineTool({
      name: 'greeting',
      description: 'Returns a string.',
      toolType: 'data_collection',
      input: z.object({ name: z.string() }),
      handler: async ({ name }) => `hello ${name}`,
    }),
    defineTool({
      name: 'explode',
      description: 'Throws.',
      input: z.object({}),
      handler: () => {
        throw new Error('the window is gone');
      },
    }),
    defineTool({
      name: 'bigint',
      description: 'Returns something JSON cannot hold.',
      input: z.object({}),
      handler: () => ({ n: 10n }),
    }),
    defineTool({
      name: 'stuck',
      description: 'Slower than its own timeout.',
      input: z.object({}),
      timeoutMs: 100,
      handler: (_args, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(`aborted: ${String(signal.reason)}`))),
    }),
  ];

  it('returns an object as structuredContent plus one text content holding its JSON', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const result = await call(client, 'point', { x: 2 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ x: 2, y: 0, sum: 2 });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ x: 2, y: 0, sum: 2 }) }]);
  });

  it('wraps a non-object return value as { value } and marks the wrapper in _meta', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const result = await call(client, 'greeting', { name: 'Ada' });
    expect(result.structuredContent).toEqual({ value: 'hello Ada' });
    expect(result._meta?.[RESULT_WRAPPED_META_KEY]).toBe('value');
    expect(result.content).toEqual([{ type: 'text', text: '"hello Ada"' }]);
  });

  it('reports a throwing handler as isError with its message, never as a success', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const result = await call(client, 'explode');
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'the window is gone' }]);
    expect(result.structuredContent).toBeUndefined();
  });

  it('reports a value that is not JSON-serialisable as an error', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const result = await call(client, 'bigint');
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('not JSON-serialisable');
  });

  it('publishes the tool type and timeout in _meta and the zod schema as JSON Schema', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const { tools: listed } = await client.listTools();
    const byName = new Map(listed.map((t) => [t.name, t]));
    expect(byName.get('point')?._meta?.[TOOL_TYPE_META_KEY]).toBe('action');
    expect(byName.get('greeting')?._meta?.[TOOL_TYPE_META_KEY]).toBe('data_collection');
    expect(byName.get('stuck')?._meta?.[TOOL_TIMEOUT_META_KEY]).toBe(100);
    expect(byName.get('point')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { x: { type: 'number', description: 'X coordinate' }, y: { type: 'number', default: 0 } },
      required: ['x'],
    });
  });

  it('aborts the handler signal after the tool timeout and returns an error result', async () => {
    const client = await connect(createToolServer({ name: 't', tools }));
    const started = Date.now();
    const result = await call(client, 'stuck');
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('timed out after 100 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('rejects arguments that do not match the zod schema before the handler runs', async () => {
    let ran = false;
    const guarded = defineTool({
      name: 'guarded',
      description: 'x',
      input: z.object({ n: z.number() }),
      handler: () => {
        ran = true;
        return 1;
      },
    });
    const client = await connect(createToolServer({ name: 't', tools: [guarded] }));
    const result = await call(client, 'guarded', { n: 'one' });
    expect(result.isError).toBe(true);
    expect(ran).toBe(false);
  });

  it('refuses invalid tool names and timeouts', () => {
    const input = z.object({});
    expect(() => defineTool({ name: 'has space', description: '', input, handler: () => 1 })).toThrow(ToolDefinitionError);
    expect(() => defineTool({ name: 'ok', description: '', input, timeoutMs: 0, handler: () => 1 })).toThrow(/timeoutMs/);
  });
});
