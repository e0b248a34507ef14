#!/usr/bin/env node
// Runs every test: the repository checks (architecture rules), the type checks of every package and example,
// and each package's and example's test suite, one package at a time (the CI machine has two cores and the desktop tests start real X servers).
import { spawnSync } from 'node:child_process';
import { repoRoot as root, toolEnv } from './lib/tool-env.mjs';

const env = toolEnv();

function step(args) {
  const result = spawnSync('pnpm', args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const failures = [];
if (step(['vitest', 'run', '--config', 'vitest.repo.config.ts']) !== 0) failures.push('repository checks');
if (step(['turbo', 'run', 'typecheck', '--output-logs=errors-only', '--continue']) !== 0) failures.push('typecheck');
if (step(['turbo', 'run', 'test', '--concurrency=1', '--continue']) !== 0) failures.push('package tests');
if (failures.length > 0) {
  process.stderr.write(`\nFAILED: ${failures.join(', ')}\n`);
  process.exit(1);
}
