import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LocalCommandDispatcher,
  ToolServersConfigError,
  createLocalDispatcherFromYaml,
  loadToolServersConfig,
  parseToolServersConfig,
  parseToolServersYaml,
} from '../src/index.js';
import { createFixtureServer } from './fixtures/fixture-tools.js';
import { command, runOne } from './helpers/dispatcher-setup.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const tempDir = mkdtempSync(join(tmpdir(), 'ufo-dispatchers-config-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('tool-server configuration', () => {
  it('applies defaults (reset false, empty lists, no args)', () => {
    const config = parseToolServersConfig({
      LinuxAgent: { default: { action: [{ namespace: 'bash', transport: 'stdio', command: 'node' }] } },
    });
    expect(config).toEqual({
      LinuxAgent: {
        default: {
          data_collection: [],
          action: [{ namespace: 'bash', transport: 'stdio', command: 'node', args: [], inheritEnv: false, reset: false }],
        },
      },
    });
  });

  it('rejects invalid entries with the path of each problem', () => {
    const attempt = () =>
      parseToolServersConfig({
        AppAgent: {
          default: {
            action: [
              { namespace: 'a', transport: 'stdio' },
              { namespace: 'b', transport: 'carrier-pigeon' },
              { namespace: 'c', transport: 'http', url: 'ftp://x' },
              { namespace: 'd', transport: 'in-process', factory: 'f', rest: true },
            ],
          },
        },
      });
    expect(attempt).toThrow(ToolServersConfigError);
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as ToolServersConfigError).message;
      expect((error as ToolServersConfigError).code).toBe('CONFIG_INVALID');
    }
    expect(message).toContain('AppAgent.default.action[0].command');
    expect(message).toContain('AppAgent.default.action[1].transport');
    expect(message).toContain('AppAgent.default.action[2].url');
    expect(message).toMatch(/Unrecognized key.*"rest"/);
  });

  it('reads YAML with ${ENV} placeholders and fallbacks', () => {
    const config = loadToolServersConfig(fixture('tool-servers.yaml'), { env: { UI_SERVER_TOKEN: 'tok' } });
    const server = config['AppAgent']?.['gnome-calculator']?.data_collection[0];
    expect(server).toEqual({
      namespace: 'linux-ui',
      transport: 'http',
      url: 'http://127.0.0.1:8010/mcp',
      headers: { Authorization: 'Bearer tok' },
      reset: false,
    });
    expect(config['AppAgent']?.['default']?.action[0]).toMatchObject({ timeouts: { sleep: 250 } });
  });

  it('refuses a YAML file whose placeholder has no value, naming the variable and where it is used', () => {
    expect(() => loadToolServersConfig(fixture('tool-servers.yaml'), { env: {} })).toThrow(
      /UI_SERVER_TOKEN \(used at AppAgent\.gnome-calculator\.data_collection\[0\]\.headers\.Authorization\) is not set/,
    );
  });

  it('accepts the original UFO mcp.yaml shape (type: local | http | stdio, host/port/path, start_args)', () => {
    const config = loadToolServersConfig(fixture('ufo-mcp.yaml'), { env: {} });
    expect(config['HostAgent']?.['default']?.data_collection).toEqual([
      { namespace: 'UICollector', transport: 'in-process', factory: 'UICollector', reset: false },
    ]);
    expect(config['AppAgent']?.['WINWORD.EXE']?.action[0]).toMatchObject({ transport: 'in-process', factory: 'WordCOMExecutor', reset: true });
    expect(config['LinuxAgent']?.['default']?.action[0]).toMatchObject({ transport: 'http', url: 'http://localhost:8010/mcp' });
    expect(config['HardwareAgent']?.['default']?.data_collection[0]).toMatchObject({
      transport: 'stdio',
      command: 'python',
      args: ['-m', 'hardware_server'],
      env: { HW_PORT: '8006' },
      cwd: '.',
    });
  });

  it('reports YAML syntax errors and missing files as ToolServersConfigError', () => {
    expect(() => parseToolServersYaml('AppAgent: [unclosed')).toThrow(/not valid YAML/);
    expect(() => loadToolServersConfig(join(tempDir, 'missing.yaml'))).toThrow(ToolServersConfigError);
  });

  it('createLocalDispatcherFromYaml builds a working dispatcher with the given factories', async () => {
    const path = join(tempDir, 'calc.yaml');
    writeFileSync(
      path,
      'AppAgent:\n  default:\n    action:\n      - { namespace: calc, transport: in-process, factory: calculator, timeouts: { sleep: 200 } }\n',
    );
    const dispatcher = createLocalDispatcherFromYaml(path, { factories: { calculator: () => createFixtureServer('calc') } });
    try {
      expect(await runOne(dispatcher, command('add', { a: 40, b: 2 }), { agent: 'AppAgent' })).toMatchObject({
        status: 'success',
        result: 42,
        namespace: 'calc',
      });
      const slow = await runOne(dispatcher, command('sleep', { ms: 5_000 }), { agent: 'AppAgent' });
      expect(slow.error).toBe('TOOL_TIMEOUT: tool "sleep" on server "calc" did not answer within 200 ms');
    } finally {
      await dispatcher.close();
    }
  });

  it('refuses, at construction, a configuration naming an in-process factory that was not given', () => {
    expect(
      () =>
        new LocalCommandDispatcher({
          config: { AppAgent: { default: { action: [{ namespace: 'x', transport: 'in-process', factory: 'missing' }] } } },
          factories: { other: () => createFixtureServer('o') },
        }),
    ).toThrow('In-process factories not given: missing (given: other)');
  });
});
