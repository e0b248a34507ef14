import { afterEach, describe, expect, it } from 'vitest';
import { ServerStartError } from '../src/index.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, dispatcherFactory, runOne, stdioFixture } from './helpers/dispatcher-setup.js';
import { waitFor } from './helpers/processes.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

const target = { agent: 'AppAgent', root: 'gnome-calculator' };
const inProcessConfig = {
  AppAgent: { default: { action: [{ namespace: 'calc', transport: 'in-process' as const, factory: 'calc' }] } },
};
const factories = { calc: () => createFixtureServer('calc') };

describe('per-command failures come back as Results, never as throws', () => {
  it('an unknown tool fails alone with TOOL_UNKNOWN and the known tools; the batch goes on', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const results = await dispatcher.execute(
      [command('add', { a: 1, b: 1 }), command('click_hallucinated_button', { id: '7' }), command('add', { a: 2, b: 2 })],
      { target },
    );
    expect(results.map((r) => r.status)).toEqual(['success', 'failure', 'success']);
    expect(results[1]!.error).toBe(
      'TOOL_UNKNOWN: no action tool named "click_hallucinated_button" for agent "AppAgent", root "gnome-calculator". ' +
        'Known action tools: add, echo, fail, noop, sleep, slow_with_own_timeout.',
    );
    expect(results[1]!.namespace).toBeNull();
    expect(results.map((r) => r.result)).toEqual([2, undefined, 4]);
  });

  it('says so when a known tool is sent with the wrong tool_type', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const result = await runOne(dispatcher, command('whoami', {}, 'action'), target);
    expect(result.status).toBe('failure');
    expect(result.error).toMatch(/^TOOL_UNKNOWN: .*"whoami" is a data_collection tool; send it with tool_type "data_collection"/);
  });

  it('rejects schema-invalid arguments before the call, naming each bad field', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const wrongType = await runOne(dispatcher, command('add', { a: 'one', b: 2 }), target);
    expect(wrongType).toMatchObject({ status: 'failure', namespace: 'calc' });
    expect(wrongType.error).toBe('TOOL_ARGUMENTS_INVALID: tool "add" rejected its arguments: argument "a" must be number (got string)');
    const missing = await runOne(dispatcher, command('echo', { n: 1.5 }), target);
    expect(missing.error).toMatch(/^TOOL_ARGUMENTS_INVALID: .*argument "text" is required/);
    expect(missing.error).toMatch(/argument "n" must be integer \(got number\)/);
  });

  it('reports a tool that throws as a failure with its message (never a success)', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const result = await runOne(dispatcher, command('fail', { message: 'Error: No window selected' }), target);
    expect(result).toMatchObject({ status: 'failure', error: 'TOOL_FAILED: Error: No window selected', namespace: 'calc' });
  });

  it('rejects a malformed command with COMMAND_INVALID', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const result = await runOne(dispatcher, { tool_name: '', parameters: {}, tool_type: 'action', call_id: 'bad-1' }, target);
    expect(result).toMatchObject({ status: 'failure', call_id: 'bad-1' });
    expect(result.error).toMatch(/^COMMAND_INVALID: the command is malformed: tool_name:/);
  });

  it('skips the rest of a batch after a failure when stopOnFailure is set, with the reason', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const batch = [command('add', { a: 1, b: 1 }), command('fail', { message: 'boom' }), command('add', { a: 2, b: 2 }), command('noop')];
    const stopped = await dispatcher.execute(batch, { target, stopOnFailure: true });
    expect(stopped.map((r) => r.status)).toEqual(['success', 'failure', 'skipped', 'skipped']);
    expect(stopped[2]!.error).toBe(`COMMAND_SKIPPED: skipped because an earlier command of the batch failed (call ${batch[1]!.call_id}: TOOL_FAILED: boom)`);
    expect(stopped.map((r) => r.call_id)).toEqual(batch.map((c) => c.call_id));
    const continued = await dispatcher.execute(batch, { target });
    expect(continued.map((r) => r.status)).toEqual(['success', 'failure', 'success', 'success']);
  });

  it('answers the list_tools meta tool like the original (filtered by tool_type and namespace)', async () => {
    const dispatcher = dispatchers.create({ config: inProcessConfig, factories });
    const result = await runOne(dispatcher, command('list_tools', { tool_type: 'data_collection' }), target);
    expect(result.status).toBe('success');
    expect(result.result).toEqual([
      expect.objectContaining({ name: 'whoami', tool_type: 'data_collection', namespace: 'calc', description: 'Describes this server instance.' }),
    ]);
  });
});

describe('timeouts and cancellation', () => {
  it('fails a tool slower than its timeout with TOOL_TIMEOUT and cancels it on the server', async () => {
    const dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [stdioFixture('slow')] } } } });
    const started = Date.now();
    const result = await runOne(dispatcher, command('sleep', { ms: 20_000 }, 'action', { timeout_ms: 300 }), target);
    expect(Date.now() - started).toBeLessThan(15_000); // did not wait for the tool
    expect(result).toMatchObject({ status: 'failure', namespace: 'slow' });
    expect(result.error).toBe('TOOL_TIMEOUT: tool "sleep" on server "slow" did not answer within 300 ms');
    // The cancellation reached the server (notifications/cancelled aborted the handler's signal).
    const cancelledCount = async () => ((await runOne(dispatcher, command('whoami', {}, 'data_collection'), target)).result as { cancelled: number }).cancelled;
    await waitFor(async () => (await cancelledCount()) === 1, 10_000, 'the server to see the cancellation');
  });

  it('takes per-tool timeouts from the configuration, then from the tool, then the dispatcher default', async () => {
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          default: { action: [{ namespace: 'calc', transport: 'in-process', factory: 'calc', timeouts: { sleep: 150 } }] },
        },
      },
      factories,
      defaultTimeoutMs: 60_000,
    });
    const fromConfig = await runOne(dispatcher, command('sleep', { ms: 10_000 }), target);
    expect(fromConfig.error).toBe('TOOL_TIMEOUT: tool "sleep" on server "calc" did not answer within 150 ms');
    // `slow_with_own_timeout` declares timeoutMs: 300 in defineTool: whichever side fires first, it fails as a timeout.
    const fromTool = await runOne(dispatcher, command('slow_with_own_timeout'), target);
    expect(fromTool.status).toBe('failure');
    expect(fromTool.error).toMatch(/^(TOOL_TIMEOUT: .*within 300 ms|TOOL_FAILED: Tool "slow_with_own_timeout" timed out after 300 ms)$/);
    const short = dispatchers.create({ config: inProcessConfig, factories, defaultTimeoutMs: 100 });
    const fromDefault = await runOne(short, command('sleep', { ms: 10_000 }), target);
    expect(fromDefault.error).toBe('TOOL_TIMEOUT: tool "sleep" on server "calc" did not answer within 100 ms');
  });

  it('aborts the running command and fails the rest of the batch when the signal fires', async () => {
    const dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [stdioFixture('slow')] } } } });
    await runOne(dispatcher, command('noop'), target); // server started
    const controller = new AbortController();
    void dispatchers.waitForStderr('sleep-started').then(() => controller.abort(new Error('user pressed stop')));
    const started = Date.now();
    const results = await dispatcher.execute([command('sleep', { ms: 20_000 }), command('noop')], {
      target,
      signal: controller.signal,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(results.map((r) => r.status)).toEqual(['failure', 'failure']);
    expect(results[0]!.error).toBe('COMMAND_ABORTED: the call to tool "sleep" on server "slow" was aborted (user pressed stop)');
    expect(results[1]!.error).toBe('COMMAND_ABORTED: the command "noop" was aborted before it ran (user pressed stop)');
    const cancelledCount = async () => ((await runOne(dispatcher, command('whoami', {}, 'data_collection'), target)).result as { cancelled: number }).cancelled;
    await waitFor(async () => (await cancelledCount()) === 1, 10_000, 'the server to see the cancellation');
  });

  it('does not even start servers for a batch whose signal is already aborted', async () => {
    const dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [stdioFixture('never')] } } } });
    const results = await dispatcher.execute([command('noop')], { target, signal: AbortSignal.abort(new Error('cancelled')) });
    expect(results[0]!.error).toMatch(/^COMMAND_ABORTED:/);
    expect(dispatcher.serverPids()).toEqual([]);
  });
});

describe('servers that cannot start', () => {
  it('fails with SERVER_START_FAILED when the command does not exist, and other servers keep working', async () => {
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          default: {
            data_collection: [{ namespace: 'ghost', transport: 'stdio', command: '/nonexistent/ufo-tool-server' }],
            action: [{ namespace: 'calc', transport: 'in-process', factory: 'calc' }],
          },
        },
      },
      factories,
    });
    const [ok, missing] = await dispatcher.execute([command('add', { a: 1, b: 2 }), command('screenshot', {}, 'data_collection')], { target });
    expect(ok).toMatchObject({ status: 'success', result: 3 });
    expect(missing!.status).toBe('failure');
    expect(missing!.error).toMatch(/^SERVER_START_FAILED: .*server "ghost" \(stdio: \/nonexistent\/ufo-tool-server\) could not start: .*ENOENT/s);
    await expect(dispatcher.listTools({ target })).rejects.toBeInstanceOf(ServerStartError);
  });

  it('includes the stderr of a server that exits during start-up', async () => {
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [stdioFixture('licensed', { env: { FIXTURE_MODE: 'exit-at-start' } })] } } },
    });
    const result = await runOne(dispatcher, command('noop'), target);
    expect(result.error).toMatch(/^SERVER_START_FAILED: .*could not start: .*missing licence key/s);
  });

  it('gives up on a server that never answers the handshake after startTimeoutMs', async () => {
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [stdioFixture('mute', { env: { FIXTURE_MODE: 'silent' } })] } } },
      startTimeoutMs: 500,
    });
    const started = Date.now();
    const result = await runOne(dispatcher, command('noop'), target);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.error).toMatch(/^SERVER_START_FAILED: .*"mute".*could not start: .*(no MCP handshake within 500 ms|timed out)/s);
  });

  it('fails with SERVER_START_FAILED for an HTTP server that refuses connections', async () => {
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [{ namespace: 'down', transport: 'http', url: 'http://127.0.0.1:9/mcp' }] } } },
    });
    const result = await runOne(dispatcher, command('noop'), target);
    expect(result.error).toMatch(/^SERVER_START_FAILED: .*server "down" \(http: http:\/\/127\.0\.0\.1:9\/mcp\) could not start/s);
  });

  it('fails with SERVER_START_FAILED when an in-process factory throws or never finishes', async () => {
    const dispatcher = dispatchers.create({
      config: {
        AppAgent: {
          broken: { action: [{ namespace: 'broken', transport: 'in-process', factory: 'broken' }] },
          stuck: { action: [{ namespace: 'stuck', transport: 'in-process', factory: 'stuck' }] },
        },
      },
      factories: {
        broken: () => {
          throw new Error('COM object not registered');
        },
        stuck: () => new Promise(() => undefined),
      },
      startTimeoutMs: 300,
    });
    const broken = await runOne(dispatcher, command('noop'), { agent: 'AppAgent', root: 'broken' });
    expect(broken.error).toMatch(/^SERVER_START_FAILED: .*server "broken" \(in-process: broken\) could not start: COM object not registered/s);
    const stuck = await runOne(dispatcher, command('noop'), { agent: 'AppAgent', root: 'stuck' });
    expect(stuck.error).toMatch(/^SERVER_START_FAILED: .*server "stuck" \(in-process: stuck\) could not start: no MCP handshake within 300 ms/s);
  });
});
