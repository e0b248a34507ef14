#!/usr/bin/env node
// Runs every test: the formatting check (prettier), the repository checks (architecture rules), the type checks of every package and example,
// and each package's and example's test suite, one package at a time (the CI machine has two cores and the desktop tests start real X servers).
// Output goes through as it comes; what failed is repeated at the end, since a CI log is often read from its tail.
import { spawn } from 'node:child_process';
import { failureSummary } from './lib/failure-summary.mjs';
import { repoRoot as root, toolEnv } from './lib/tool-env.mjs';

const env = toolEnv();
const MAX_KEPT = 64 * 1024 * 1024;

/** Runs pnpm with `args`, passing its output through and keeping a copy; resolves to the exit code and the copy. */
function step(args) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    const kept = [];
    let keptBytes = 0;
    const keep = (stream, out) =>
      child[stream].on('data', (chunk) => {
        out.write(chunk);
        if (keptBytes < MAX_KEPT) {
          kept.push(chunk);
          keptBytes += chunk.length;
        }
      });
    keep('stdout', process.stdout);
    keep('stderr', process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(kept).toString('utf8') }));
  });
}

const failures = [];
const summaries = [];
for (const [name, args] of [
  ['formatting', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']],
  ['repository checks', ['vitest', 'run', '--config', 'vitest.repo.config.ts']],
  ['typecheck', ['turbo', 'run', 'typecheck', '--output-logs=errors-only', '--continue']],
  ['package tests', ['turbo', 'run', 'test', '--concurrency=1', '--continue']],
]) {
  const { code, output } = await step(args);
  if (code === 0) continue;
  failures.push(name);
  const summary = failureSummary(output);
  if (summary) summaries.push(`--- ${name} ---\n${summary}`);
}
if (failures.length > 0) {
  if (summaries.length > 0) process.stderr.write(`\n===== what failed =====\n${summaries.join('\n\n')}\n`);
  process.stderr.write(`\nFAILED: ${failures.join(', ')}\n`);
  process.exit(1);
}
