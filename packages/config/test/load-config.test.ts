import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configJsonSchema, loadConfig, parseConfigText, renderOriginalKeyTable } from '../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ufo-config-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.replaceAll(/\/tmp\/ufo-config-\w+\//g, '');
  }
  throw new Error('expected a ConfigError');
}

const GOOD = `
agents:
  HOST_AGENT:
    provider: openai
    model: gpt-4o
    apiKey: \${OPENAI_KEY}
session:
  maxSteps: 20
`;

describe('loadConfig', () => {
  it('reads YAML, expands ${VAR} and ${VAR:-default}, applies defaults, and merges files in order', () => {
    const dir = folder({
      'ufo.yaml': `${GOOD}\nexperience:\n  path: \${EXP_DIR:-exp}/store.json\n`,
      'local.yaml': 'session: { maxRounds: 3 }\nreports: { html: false }\n',
    });
    const { config, files } = loadConfig({ files: [join(dir, 'ufo.yaml'), join(dir, 'local.yaml')], env: { OPENAI_KEY: 'sk-test' } });
    expect(files).toHaveLength(2);
    expect(config.agents?.HOST_AGENT).toMatchObject({ provider: 'openai', model: 'gpt-4o', apiKey: 'sk-test', timeoutMs: 60_000 });
    expect(config.session).toMatchObject({ maxSteps: 20, maxRounds: 3, safeGuard: true, subtaskSettleMs: 1000, mode: 'normal' });
    expect(config.reports).toEqual({ markdown: true, html: false });
    expect(config.experience.path).toBe('exp/store.json');
    // the captures at subtask and round ends cost tool calls: off unless asked
    expect(config.session.captures).toEqual({ uiTree: false, desktopScreenshot: false });
  });

  it('session.captures turns on the UI tree and desktop captures; a misspelt one is an error', () => {
    const { config } = parseConfigText('session:\n  captures: { uiTree: true, desktopScreenshot: true }\n', 'ufo.yaml', { env: {} });
    expect(config.session.captures).toEqual({ uiTree: true, desktopScreenshot: true });
    expect(messageOf(() => parseConfigText('session:\n  captures: { uiTrees: true }\n', 'ufo.yaml', { env: {} }))).toContain('uiTrees');
  });

  it('picks up name.<UFO_ENV>.yaml after name.yaml, and command-line overrides last', () => {
    const dir = folder({ 'ufo.yaml': GOOD, 'ufo.test.yaml': 'session: { maxSteps: 7 }\n' });
    const loaded = loadConfig({ files: [join(dir, 'ufo.yaml')], env: { OPENAI_KEY: 'k', UFO_ENV: 'test' }, overrides: { session: { safeGuard: false } } });
    expect(loaded.files.map((f) => f.split('/').pop())).toEqual(['ufo.yaml', 'ufo.test.yaml']);
    expect(loaded.config.session).toMatchObject({ maxSteps: 7, safeGuard: false });
  });

  it('errors name the file, the line, the key and what was expected (every problem at once)', () => {
    const dir = folder({
      'ufo.yaml': `agents:
  HOST_AGENT:
    provider: opneai
    model: gpt-4o
session:
  maxSteps: -3
  safeguard: true
  subtaskSettleMs: "soon"
evaluation: { sesion: true }
toolServers:
  HostAgent:
    default:
      action:
        - { namespace: x, transport: websocket }
`,
      'local.yaml': 'session:\n  maxRounds: 0\nbatch: { concurrency: 2.5 }\n',
    });
    expect(messageOf(() => loadConfig({ files: [join(dir, 'ufo.yaml'), join(dir, 'local.yaml')], env: {} }))).toMatchInlineSnapshot(`
      "Invalid configuration (8 problems):
        ufo.yaml:3:15  agents.HOST_AGENT.provider: expected one of "openai" | "azure" | "anthropic" | "openai-compatible" | "ollama" | "vllm" | "lmstudio" | "qwen" | "deepseek" | "gemini", got "opneai" (did you mean "openai"?)
        ufo.yaml:14:38  toolServers.HostAgent.default.action.0.transport: Invalid discriminator value. Expected 'stdio' | 'http' | 'in-process', got "websocket"
        ufo.yaml:6:13  session.maxSteps: expected a number > 0, got -3
        local.yaml:2:14  session.maxRounds: expected a number > 0, got 0
        ufo.yaml:8:20  session.subtaskSettleMs: expected a number, got "soon"
        ufo.yaml:7:3  session.safeguard: unknown key (did you mean "safeGuard"?)
        ufo.yaml:9:15  evaluation.sesion: unknown key (did you mean "session"?)
        local.yaml:3:23  batch.concurrency: expected an integer, got 2.5"
    `);
  });

  it('reports unset variables, YAML syntax errors and unreadable files with their place', () => {
    const dir = folder({
      'vars.yaml': 'agents:\n  HOST_AGENT:\n    provider: openai\n    model: gpt-4o\n    apiKey: ${NO_SUCH_KEY}\n',
      'broken.yaml': 'session:\n  maxSteps: [1, 2\n',
    });
    expect(messageOf(() => loadConfig({ files: [join(dir, 'vars.yaml'), join(dir, 'broken.yaml'), join(dir, 'missing.yaml')], env: {} })))
      .toMatchInlineSnapshot(`
      "Invalid configuration (3 problems):
        vars.yaml:5:13  agents.HOST_AGENT.apiKey: environment variable NO_SUCH_KEY is not set (set it, or write \${NO_SUCH_KEY:-default})
        broken.yaml:3:1  (top level): not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]
        missing.yaml  (top level): cannot be read: ENOENT"
    `);
  });

  it('reads the original UFO keys, converts them, and warns about the ones it does not use', () => {
    const { config, warnings } = parseConfigText(
      `HOST_AGENT:
  API_TYPE: aoai
  API_BASE: https://example.openai.azure.com/
  API_KEY: k
  API_VERSION: 2024-02-15-preview
  API_MODEL: gpt-4o
  API_DEPLOYMENT_ID: gpt4o-deploy
  VISUAL_MODE: false
  PROMPT: ufo/prompts/share/base/host_agent.yaml
BACKUP_AGENT: { API_TYPE: claude, API_MODEL: claude-sonnet-4-5, API_KEY: k2 }
MAX_STEP: 30
SLEEP_TIME: 0.5
SAFE_GUARD: false
SAVE_UI_TREE: true
EVA_SESSION: false
SAVE_EXPERIENCE: auto
EXPERIENCE_SAVED_PATH: vectordb/experience/
TIMEOUT: 90
CONTROL_BACKEND: [uia]
mcp:
  HostAgent:
    default:
      action: [{ namespace: HostUIExecutor, type: local }]
`,
      'config/ufo/merged.yaml',
      { env: {} },
    );
    expect(config.agents).toMatchObject({
      HOST_AGENT: {
        provider: 'azure',
        model: 'gpt-4o',
        deployment: 'gpt4o-deploy',
        baseUrl: 'https://example.openai.azure.com/',
        apiVersion: '2024-02-15-preview',
        timeoutMs: 90_000,
      },
      BACKUP: { provider: 'anthropic', model: 'claude-sonnet-4-5', timeoutMs: 90_000 },
    });
    expect(config.agent.host.visual).toBe(false);
    expect(config.session).toMatchObject({ maxSteps: 30, subtaskSettleMs: 500, safeGuard: false, captures: { uiTree: true, desktopScreenshot: false } });
    expect(config.evaluation.session).toBe(false);
    expect(config.experience).toMatchObject({ save: 'auto', path: 'vectordb/experience/experience.json' });
    expect(config.toolServers?.HostAgent?.default?.action).toEqual([
      { namespace: 'HostUIExecutor', transport: 'in-process', factory: 'HostUIExecutor', reset: false },
    ]);
    expect(warnings).toEqual([
      'config/ufo/merged.yaml: HOST_AGENT.PROMPT is not used (prompts and examples are built in)',
      'config/ufo/merged.yaml: CONTROL_BACKEND is not used',
    ]);
    expect(messageOf(() => parseConfigText('HOST_AGENT: { API_TYPE: llava, API_MODEL: x }\n', 'agents.yaml', { env: {} }))).toMatchInlineSnapshot(`
      "Invalid configuration (1 problem):
        agents.yaml:1:25  HOST_AGENT.API_TYPE: API_TYPE "llava" is not supported (use openai, aoai, azure, azure_ad, claude, anthropic, qwen, deepseek, ollama, gemini)"
    `);
  });
});

describe('agent.progress and agent.validateBatches', () => {
  it("default to the monitor in warn mode with core's limits, and batches validated", () => {
    const { config } = parseConfigText('session: { maxSteps: 5 }\n', 'ufo.yaml', { env: {} });
    expect(config.agent.progress).toEqual({ mode: 'warn', onStuck: 'fail', limits: { repeated_no_effect: 3, no_effect_streak: 4, cycle: 6, same_screen: 6 } });
    expect(config.agent.validateBatches).toBe(true);
  });

  it('read mode, onStuck, some limits (the others keep their defaults) and validateBatches; a later file wins key by key', () => {
    const dir = folder({
      'ufo.yaml': 'agent:\n  progress:\n    mode: enforce\n    onStuck: ask\n    limits: { cycle: 8 }\n  validateBatches: false\n',
      'local.yaml': 'agent: { progress: { limits: { same_screen: 3 } } }\n',
    });
    const { config } = loadConfig({ files: [join(dir, 'ufo.yaml'), join(dir, 'local.yaml')], env: {} });
    expect(config.agent.progress).toEqual({
      mode: 'enforce',
      onStuck: 'ask',
      limits: { repeated_no_effect: 3, no_effect_streak: 4, cycle: 8, same_screen: 3 },
    });
    expect(config.agent.validateBatches).toBe(false);
    expect(config.agent.toolMode).toBe('text');
  });

  it('command-line overrides replace the mode only', () => {
    const { config } = parseConfigText('agent: { progress: { onStuck: ask } }\n', 'ufo.yaml', { env: {}, overrides: { agent: { progress: { mode: 'off' } } } });
    expect(config.agent.progress).toMatchObject({ mode: 'off', onStuck: 'ask' });
  });

  it('bad values name the file, the line, the key and what was expected (misspelt keys too, limits included)', () => {
    const text = `agent:
  progress:
    mode: strict
    onStuck: never
    mdoe: warn
    limits: { cycle: 2, same_screen: 2.5, cylce: 8 }
  validateBatches: "yes"
`;
    expect(messageOf(() => parseConfigText(text, 'ufo.yaml', { env: {} }))).toMatchInlineSnapshot(`
      "Invalid configuration (7 problems):
        ufo.yaml:3:11  agent.progress.mode: expected one of "off" | "warn" | "enforce", got "strict"
        ufo.yaml:4:14  agent.progress.onStuck: expected one of "fail" | "ask", got "never"
        ufo.yaml:6:22  agent.progress.limits.cycle: expected a number ≥ 4, got 2
        ufo.yaml:6:38  agent.progress.limits.same_screen: expected an integer, got 2.5
        ufo.yaml:6:43  agent.progress.limits.cylce: unknown key (did you mean "cycle"?)
        ufo.yaml:5:5  agent.progress.mdoe: unknown key (did you mean "mode"?)
        ufo.yaml:7:20  agent.validateBatches: expected true or false, got "yes""
    `);
    expect(messageOf(() => parseConfigText('agent:\n  progress: enforce\n', 'ufo.yaml', { env: {} }))).toContain(
      'ufo.yaml:2:13  agent.progress: expected an object, got "enforce"',
    );
  });

  it("are in the JSON Schema, with core's enums, bounds and defaults", () => {
    const agent = (configJsonSchema() as { properties: { agent: { properties: Record<string, any> } } }).properties.agent.properties;
    expect(agent.progress.properties.mode).toMatchObject({ enum: ['off', 'warn', 'enforce'], default: 'warn' });
    expect(agent.progress.properties.onStuck).toMatchObject({ enum: ['fail', 'ask'], default: 'fail' });
    expect(agent.progress.properties.limits).toMatchObject({ additionalProperties: false, properties: { cycle: { type: 'integer', minimum: 4, default: 6 } } });
    expect(agent.progress.description).toContain('off | warn | enforce');
    expect(agent.validateBatches).toMatchObject({ type: 'boolean', default: true });
  });
});

describe('published artifacts', () => {
  it('schema/ufo-config.schema.json is the JSON Schema of the config (regenerate: pnpm --filter @ufo-ts/config build && pnpm --filter @ufo-ts/config schema)', () => {
    expect(JSON.parse(readFileSync(join(root, 'schema', 'ufo-config.schema.json'), 'utf8'))).toEqual(configJsonSchema());
  });

  it('docs/original-keys.md is generated from ORIGINAL_KEY_MAP', () => {
    expect(readFileSync(join(root, 'docs', 'original-keys.md'), 'utf8')).toBe(renderOriginalKeyTable());
  });
});
