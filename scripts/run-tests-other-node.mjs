#!/usr/bin/env node
// The tests on every other supported Node (22 and 24; `npm test` runs everything on this machine's Node 20), run by
// `.ci/run` after `npm test` (the packages must already be built). Node binaries come from npm
// (scripts/lib/node-versions.mjs); each run has that Node's folder first on PATH, so a test or example that spawns
// `node` by name gets the same version as the one running it.
//
// What runs on each other Node, in this order:
//   1. Every package under packages/ (read from the folder: a new package is covered without touching this file):
//      its whole vitest suite except the desktop tests and the Redis tests, passed to vitest as --exclude.
//      A desktop test is a test file whose text names startDesktop, checkDesktopAvailability or describeDesktop
//      (the calls that start a real Xvfb desktop with real apps, or skip without one) or probes `command -v Xvfb`;
//      a Redis test is one whose text names startRedis (a private redis-server, or a Redis Cluster with
//      startRedisCluster). The excluded files are listed in the output. Fake desktops (platform-windows's recorded
//      bridge transcripts, testkit's FakeDesktop) and local HTTP/WebSocket servers on 127.0.0.1 run. Also left to
//      Node 20, by test name (NODE_20_ONLY_TESTS): sessions's SIGKILL at every event boundary, an exhaustive matrix
//      whose property cheaper tests of the same package check on every Node.
//   2. Every example under examples/ with a `test` script, run as that script, except an example whose sources
//      start a real desktop (startDesktop): linux-calculator-demo, whose main job runs in step 3 instead.
//   3. One desktop run: examples/linux-calculator-demo's main job (`node index.mjs --quiet`: a LinuxAgent session
//      on a real Xvfb desktop with gnome-calculator, through the Linux MCP tool servers, AT-SPI over D-Bus and
//      XTEST input; it exits 0 only when the calculator itself shows the answer).
//   4. One Redis run: packages/cluster's test/cluster-e2e.test.ts (three server nodes on a real redis-server,
//      BullMQ queues, 20 devices over WebSocket behind a load balancer, nodes killed and Redis restarted mid-run).
// Why not everything: the desktop suites (platform-linux, task-suite, the desktop files of sessions and cli, the
// calculator demo's dialect runs) and the Redis suites take most of `npm test`'s ~40 minutes on two cores; running
// them twice more would break CI's 90-minute limit. What they exercise that could differ between Node versions
// (child processes, D-Bus and X11 sockets, Redis clients, timers) is covered by steps 3 and 4; the rest of their
// code is the same JavaScript the other suites run. This stage takes about 7 minutes per Node on two cores (estimated
// from a Node 22 run on a machine loaded 5 times over, where it took about 25 minutes), so about 14 for both.
//
// Usage: node scripts/run-tests-other-node.mjs [--node 22] [name ...]
//   --node MAJOR   only that Node (repeatable); default every version in OTHER_NODE_VERSIONS
//   name           only the steps whose folder is, ends with or is under a name (`core`, `examples`,
//                  `examples/batch-folder`, `desktop`, `redis`); default all
//   --list         print the steps (with the files each package leaves out) and exit
// A summary (seconds per step and Node) is printed at the end; failures are repeated there too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { nodeBinary, OTHER_NODE_VERSIONS } from './lib/node-versions.mjs';
import { repoRoot } from './lib/tool-env.mjs';

/** Text in a test file that marks it as starting a real desktop. */
const DESKTOP_MARKER = /\b(?:startDesktop|checkDesktopAvailability|describeDesktop)\b|command -v Xvfb/;
/** Text in a test file that marks it as starting Redis. */
const REDIS_MARKER = /\bstartRedis\w*\b/;
/**
 * Exhaustive matrices left to Node 20 (`npm test`), by the start of their test names, with what checks the same
 * property on the other Nodes.
 */
const NODE_20_ONLY_TESTS = {
  // more than 40 kill points, two child sessions each (about 2 minutes on CI, 10 on a loaded machine); on the other
  // Nodes the same file's seeded random SIGKILLs and journal.test.ts's in-process cancel at every event cover resume
  'packages/sessions': ['killed at every event boundary and resumed'],
};
/** The one desktop run per Node (step 3). */
const DESKTOP_PROBE = { name: 'desktop', dir: 'examples/linux-calculator-demo', args: ['index.mjs', '--quiet'] };
/** The one Redis run per Node (step 4). */
const REDIS_PROBE = { name: 'redis', dir: 'packages/cluster', file: 'test/cluster-e2e.test.ts' };
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

const { values: options, positionals: only } = parseArgs({
  options: { node: { type: 'string', multiple: true }, list: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const versions = OTHER_NODE_VERSIONS.filter((v) => !options.node || options.node.some((major) => v.split('.')[0] === major));
if (versions.length === 0) {
  process.stderr.write(`--node takes a major version of ${OTHER_NODE_VERSIONS.join(', ')}\n`);
  process.exit(2);
}

/** The test files of a package (under src/ and test/, as every package's vitest config includes). */
function testFiles(dir) {
  const found = [];
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && TEST_FILE.test(entry.name)) found.push(relative(dir, path));
    }
  };
  walk(join(dir, 'src'));
  walk(join(dir, 'test'));
  return found.sort();
}

/** The folders under `parent` whose package.json has a `test` script, with that script. */
function testedFolders(parent) {
  return readdirSync(join(repoRoot, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, parent, entry.name, 'package.json')))
    .map((entry) => ({
      dir: `${parent}/${entry.name}`,
      script: JSON.parse(readFileSync(join(repoRoot, parent, entry.name, 'package.json'), 'utf8')).scripts?.test,
    }))
    .filter((folder) => typeof folder.script === 'string')
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Whether any .mjs/.js source at the top of an example starts a real desktop. */
function startsDesktop(dir) {
  const folder = join(repoRoot, dir);
  return readdirSync(folder).some((name) => /\.[cm]?js$/.test(name) && /\bstartDesktop\b/.test(readFileSync(join(folder, name), 'utf8')));
}

/** Steps 1 to 4 as { name, dir, args (after the node binary), note }. */
function plan() {
  const steps = [];
  for (const { dir } of testedFolders('packages')) {
    const files = testFiles(join(repoRoot, dir));
    const excluded = files.filter((file) => {
      const text = readFileSync(join(repoRoot, dir, file), 'utf8');
      return DESKTOP_MARKER.test(text) || REDIS_MARKER.test(text);
    });
    if (excluded.length === files.length) {
      steps.push({ name: dir, dir, skip: `all ${files.length} test files need a desktop or Redis` });
      continue;
    }
    const args = [vitest, 'run', ...excluded.flatMap((file) => ['--exclude', file])];
    const notes = excluded.length ? [`without ${excluded.length} of ${files.length} files: ${excluded.join(' ')}`] : [];
    const names = NODE_20_ONLY_TESTS[dir] ?? [];
    if (names.length > 0) {
      args.push('--testNamePattern', `^(?!.*(?:${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}))`);
      notes.push(`without the tests named ${names.map((name) => `"${name}..."`).join(', ')}`);
    }
    steps.push({ name: dir, dir, args, note: notes.join('; ') });
  }
  for (const { dir, script } of testedFolders('examples')) {
    if (startsDesktop(dir)) steps.push({ name: dir, dir, skip: 'starts a real desktop (its main job is the desktop step)' });
    else steps.push({ name: dir, dir, shell: script });
  }
  for (const probe of [DESKTOP_PROBE, REDIS_PROBE]) {
    if (!existsSync(join(repoRoot, probe.dir, probe.file ?? probe.args[0])))
      throw new Error(`${probe.name} step: ${probe.dir}/${probe.file ?? probe.args[0]} is missing`);
  }
  steps.push({ name: DESKTOP_PROBE.name, dir: DESKTOP_PROBE.dir, args: DESKTOP_PROBE.args, note: `node ${DESKTOP_PROBE.args.join(' ')}` });
  steps.push({ name: REDIS_PROBE.name, dir: REDIS_PROBE.dir, args: [vitest, 'run', REDIS_PROBE.file], note: REDIS_PROBE.file });
  return steps;
}

const selected = (step) => only.length === 0 || only.some((name) => step.name === name || step.name.endsWith(`/${name}`) || step.name.startsWith(`${name}/`));
const steps = plan().filter(selected);
if (options.list) {
  for (const step of steps)
    process.stdout.write(
      `${step.name}: ${step.skip ? `skipped, ${step.skip}` : (step.shell ?? `node ${step.args.map((a) => (isAbsolute(a) ? relative(repoRoot, a) : a)).join(' ')}`)}\n`,
    );
  process.exit(0);
}
const failures = [];
const timings = [];
for (const version of versions) {
  const node = nodeBinary(version);
  if (!node.binary) {
    failures.push(`Node ${version}: ${node.reason}`);
    continue;
  }
  const env = { ...process.env, PATH: `${dirname(node.binary)}${delimiter}${process.env.PATH ?? ''}` };
  for (const step of steps) {
    process.stdout.write(`\n== Node ${version}: ${step.name}${step.skip ? ` (skipped: ${step.skip})` : ''}${step.note ? ` (${step.note})` : ''}\n`);
    if (step.skip) continue;
    const started = performance.now();
    const cwd = join(repoRoot, step.dir);
    const result = step.shell
      ? spawnSync('sh', ['-c', step.shell], { cwd, env, stdio: 'inherit' })
      : spawnSync(node.binary, step.args, { cwd, env, stdio: 'inherit' });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    timings.push({ version, name: step.name, seconds, ok: result.status === 0 });
    if (result.status !== 0) failures.push(`Node ${version}: ${step.name} (exit ${result.status ?? result.signal})`);
  }
}

const total = (version) => Math.round(timings.filter((t) => t.version === version).reduce((sum, t) => sum + t.seconds, 0));
process.stdout.write(`\n===== other Node versions: seconds per step =====\n`);
for (const t of timings) process.stdout.write(`Node ${t.version}  ${String(t.seconds).padStart(6)} s  ${t.ok ? 'ok    ' : 'FAILED'}  ${t.name}\n`);
for (const version of versions) process.stdout.write(`Node ${version}: ${total(version)} s in all\n`);
if (failures.length > 0) {
  process.stderr.write(`\nFAILED on other Node versions: ${failures.join(', ')}\n`);
  process.exit(1);
}
