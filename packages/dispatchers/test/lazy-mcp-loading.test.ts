import { afterEach, describe, expect, it, vi } from 'vitest';

// Records which MCP SDK modules this package imports. The factories run only when the module is imported, so a
// static import of a transport (or of the server side) from the root entry makes these tests fail.
const { loaded, record } = vi.hoisted(() => {
  const loaded = new Set<string>();
  const record = (name: string) => async (importOriginal: () => Promise<unknown>) => {
    loaded.add(name);
    return importOriginal();
  };
  return { loaded, record };
});
vi.mock('@modelcontextprotocol/sdk/client/index.js', record('client/index'));
vi.mock('@modelcontextprotocol/sdk/types.js', record('types'));
vi.mock('@modelcontextprotocol/sdk/client/stdio.js', record('client/stdio'));
vi.mock('@modelcontextprotocol/sdk/client/streamableHttp.js', record('client/streamableHttp'));
vi.mock('@modelcontextprotocol/sdk/inMemory.js', record('inMemory'));
vi.mock('@modelcontextprotocol/sdk/server/mcp.js', record('server/mcp'));
vi.mock('@modelcontextprotocol/sdk/server/stdio.js', record('server/stdio'));
vi.mock('@modelcontextprotocol/sdk/server/streamableHttp.js', record('server/streamableHttp'));

describe('MCP SDK modules load per transport, on connect; ajv on the first schema that needs it', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('importing the root entry loads no MCP module; a stdio server loads the client and the stdio transport only', async () => {
    const { LocalCommandDispatcher } = await import('../src/index.js');
    const { ajvModule, ajv2020Module } = await import('../src/calling/ajv-instances.js');
    const { command, stdioFixture } = await import('./helpers/dispatcher-setup.js');
    expect([...loaded]).toEqual([]);
    const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: { action: [stdioFixture('bash')] } } } });
    close = () => dispatcher.close();
    expect([...loaded]).toEqual([]);
    const [result] = await dispatcher.execute([command('add', { a: 2, b: 3 })], { target: { agent: 'LinuxAgent' } });
    expect(result).toMatchObject({ status: 'success', result: 5 });
    expect([...loaded].sort()).toEqual(['client/index', 'client/stdio', 'types']);
    expect(ajvModule.loaded ?? ajv2020Module.loaded).toBeUndefined();
    // Arguments that break the simple flat schema need ajv to explain the problem: it is imported now.
    const [rejected] = await dispatcher.execute([command('add', { a: 'two', b: 3 })], { target: { agent: 'LinuxAgent' } });
    expect(rejected).toMatchObject({ status: 'failure', error: expect.stringMatching(/^TOOL_ARGUMENTS_INVALID: .*"a" must be number/) });
    // The fixture's schemas declare draft-07 (SDK v1 with zod 4), so that build is the one loaded.
    expect(ajvModule.loaded?.Ajv).toBeTypeOf('function');
    expect(ajv2020Module.loaded).toBeUndefined();
  });
});
