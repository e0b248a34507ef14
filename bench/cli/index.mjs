// bench/cli: cold start of the `ufo` command (the built executable: dist/bin/ufo.cjs runs the bundle ufo-bundle.cjs
// with a V8 code cache, kept here in a temporary folder; "cache cold" runs start each with an empty one). (1) `ufo --help` from spawn
// to exit; (2) `ufo run` from spawn to the first model call arriving at a local OpenAI-compatible server, with the
// tool servers (a) already running over streamable HTTP (the engine's own start-up) and (b) spawned by the CLI
// over stdio (everything cold). (3) For (b), the tool server's own cold start (spawn to its answer to an MCP
// `initialize`): the CLI starts it before loading the session code, so (b) approaches max(a, 3) rather than a + 3.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveHttp } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';
import { summarize, writeResult } from '../stats.mjs';

const N = Number(process.env.BENCH_CLI_RUNS ?? 12);
const here = dirname(fileURLToPath(import.meta.url));
const bin = join(dirname(fileURLToPath(import.meta.resolve('@ufo-ts/cli/package.json'))), 'dist', 'bin', 'ufo.cjs');
const work = mkdtempSync(join(tmpdir(), 'ufo-bench-cli-'));

/** A local OpenAI-compatible endpoint: records when each run's first call arrives and answers FINISH. */
let firstCall;
const reply = JSON.stringify({
  id: 'x',
  object: 'chat.completion',
  created: 1,
  model: 'local',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: JSON.stringify({ observation: 'desktop', thought: 'done', status: 'FINISH', result: 'ok' }) },
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});
const model = createServer((req, res) => {
  firstCall?.(performance.now());
  firstCall = undefined;
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(reply));
});
model.listen(0, '127.0.0.1');
await once(model, 'listening');
const desktop = new FakeDesktop();
const tools = await serveHttp(() => desktop.createServer());

writeFileSync(
  join(work, 'model.json'),
  JSON.stringify({ provider: 'openai-compatible', model: 'local', baseUrl: `http://127.0.0.1:${model.address().port}/v1`, capabilities: { vision: true } }),
);
const lists = (server) => `{ data_collection: [${server}], action: [${server}] }`;
const http = `{ namespace: fake, transport: http, url: "${tools.url}" }`;
const stdio = `{ namespace: fake, transport: stdio, command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(here, 'fake-desktop-stdio.mjs'))}] }`;
writeFileSync(join(work, 'http.yaml'), `HostAgent: { default: ${lists(http)} }\nAppAgent: { default: ${lists(http)} }\n`);
writeFileSync(join(work, 'stdio.yaml'), `HostAgent: { default: ${lists(stdio)} }\nAppAgent: { default: ${lists(stdio)} }\n`);

async function helpOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, '--help'], { stdio: 'ignore', env: { ...process.env, UFO_COMPILE_CACHE: join(work, 'compile-cache') } });
  await once(child, 'exit');
  return performance.now() - t0;
}

async function toolServerOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(here, 'fake-desktop-stdio.mjs')], { stdio: ['pipe', 'pipe', 'ignore'] });
  const answered = new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`,
  );
  await answered;
  const elapsed = performance.now() - t0;
  child.stdin.end();
  await once(child, 'exit');
  return elapsed;
}

async function runOnce(toolsFile, i, program = bin, compileCache = join(work, 'compile-cache')) {
  let childExited;
  const arrived = new Promise((resolve, reject) => {
    firstCall = resolve;
    // a run that ends before calling the model (a start-up error) fails the bench instead of hanging it
    childExited = (code) => reject(new Error(`${program} run exited with ${code} before its first model call`));
  });
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      program,
      'run',
      '--tools',
      toolsFile,
      '--model-config',
      join(work, 'model.json'),
      '--request',
      'open the calculator',
      '--platform',
      'windows',
      '--task',
      `run-${i}`,
      '--log-root',
      join(work, 'logs'),
      '--no-evaluation',
    ],
    { stdio: 'ignore', env: { ...process.env, UFO_COMPILE_CACHE: compileCache } },
  );
  const exited = once(child, 'exit');
  void exited.then(([code]) => childExited(code));
  const first = await arrived;
  const [code] = await exited;
  if (code !== 0) throw new Error(`ufo run exited with ${code}`);
  return { toFirstCall: first - t0, toExit: performance.now() - t0 };
}

async function series(fn) {
  await fn(-1); // warm the file system cache
  const out = [];
  for (let i = 0; i < N; i += 1) out.push(await fn(i));
  return out;
}

try {
  const help = await series(() => helpOnce());
  const viaHttp = await series((i) => runOnce(join(work, 'http.yaml'), `http-${i}`));
  const viaStdio = await series((i) => runOnce(join(work, 'stdio.yaml'), `stdio-${i}`));
  const serverAlone = await series(() => toolServerOnce());
  const cacheCold = await series((i) => runOnce(join(work, 'http.yaml'), `cold-${i}`, bin, join(work, `empty-cache-${i}`)));
  const unbundled = await series((i) => runOnce(join(work, 'http.yaml'), `unbundled-${i}`, join(here, 'unbundled-ufo.mjs')));
  const median = (runs) => summarize(runs.map((r) => r.toFirstCall)).median;
  const result = {
    runs: N,
    targetMs: 300,
    help: summarize(help),
    runToFirstModelCall: { toolServersRunning: summarize(viaHttp.map((r) => r.toFirstCall)), toolServerSpawned: summarize(viaStdio.map((r) => r.toFirstCall)) },
    toolServerColdStart: summarize(serverAlone),
    // `ufo run` (servers running) with an empty compile cache each time: the first run after an install or upgrade.
    compileCacheColdToolServersRunning: summarize(cacheCold.map((r) => r.toFirstCall)),
    // The same run of `ufo run` (servers running) from the unbundled library builds, and the executable / that.
    unbundledToolServersRunning: summarize(unbundled.map((r) => r.toFirstCall)),
    executableOverUnbundled: Math.round((median(viaHttp) / median(unbundled)) * 1000) / 1000,
    runToExit: { toolServersRunning: summarize(viaHttp.map((r) => r.toExit)), toolServerSpawned: summarize(viaStdio.map((r) => r.toExit)) },
  };
  const file = writeResult('cli', result);
  console.log(JSON.stringify(result, null, 2));
  console.log(`written to ${file}`);
} finally {
  await tools.close();
  model.close();
  rmSync(work, { recursive: true, force: true });
}
