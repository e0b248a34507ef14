#!/usr/bin/env node
// The tests of the packages that need no desktop and no Redis (local HTTP servers on 127.0.0.1 are fine), on every other supported Node
// (22 and 24; `npm test` runs everything on this machine's Node 20). Run after `npm test` by `.ci/run`: the
// packages must already be built. Node binaries come from npm (scripts/lib/node-versions.mjs).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { nodeBinary, OTHER_NODE_VERSIONS } from './lib/node-versions.mjs';
import { repoRoot } from './lib/tool-env.mjs';

const PACKAGES = ['core', 'agent-fsm', 'processor-strategies', 'llm-providers', 'ai-sdk', 'aip', 'config', 'imaging', 'desktop-common', 'policy', 'testkit'];
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

const failures = [];
for (const version of OTHER_NODE_VERSIONS) {
  const node = nodeBinary(version);
  if (!node.binary) {
    failures.push(`Node ${version}: ${node.reason}`);
    continue;
  }
  for (const pkg of PACKAGES) {
    process.stdout.write(`\n== Node ${version}: packages/${pkg}\n`);
    const result = spawnSync(node.binary, [vitest, 'run'], { cwd: join(repoRoot, 'packages', pkg), stdio: 'inherit' });
    if (result.status !== 0) failures.push(`Node ${version}: ${pkg}`);
  }
}
if (failures.length > 0) {
  process.stderr.write(`\nFAILED on other Node versions: ${failures.join(', ')}\n`);
  process.exit(1);
}
