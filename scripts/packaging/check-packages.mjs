#!/usr/bin/env node
// Packs every publishable package and checks each tarball with publint (strict: warnings fail) and
// are-the-types-wrong (every resolution mode: node10, node16 from CommonJS and from ESM, bundler).
// A package without a library entry (the cli: an executable only) has no types for attw to check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, toolEnv } from '../lib/tool-env.mjs';
import { packAll } from './pack.mjs';

const work = mkdtempSync(join(tmpdir(), 'ufo-check-packages-'));
const failures = [];
try {
  for (const pkg of packAll(work)) {
    check(pkg, 'publint', ['exec', 'publint', 'run', pkg.tarball, '--strict']);
    if (pkg.manifest.exports?.['.']) check(pkg, 'attw', ['exec', 'attw', pkg.tarball, '--format', 'ascii']);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  process.stderr.write(`\nFAILED: ${failures.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write('publint and attw: every package passes\n');

function check(pkg, label, args) {
  const result = spawnSync('pnpm', args, { cwd: repoRoot, env: toolEnv(), encoding: 'utf8' });
  if (result.status === 0) return;
  failures.push(`${pkg.manifest.name} (${label})`);
  process.stderr.write(`--- ${pkg.manifest.name}: ${label}\n${result.stdout}${result.stderr}\n`);
}
