#!/usr/bin/env node
// Runs the Windows conformance suite (real PowerShell-hosted UIA bridge against Notepad and Calculator).
//
//   node packages/platform-windows/scripts/run-conformance.mjs [--record <dir>]
//
// --record <dir>  also write the bridge transcripts of the run to <dir> (fixtures for the Linux tests).
// Off Windows it runs nothing and exits with code 3: a conformance run that did not happen must not look passed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(packageDir, '..', '..');
const require = createRequire(join(packageDir, 'package.json'));

if (process.platform !== 'win32') {
  console.error(`SKIPPED: not Windows (${process.platform}). The conformance suite needs a Windows 10/11 desktop session; nothing was checked.`);
  process.exit(3);
}

const args = process.argv.slice(2);
const env = { ...process.env };
const recordAt = args.indexOf('--record');
if (recordAt !== -1) {
  const dir = args[recordAt + 1];
  if (!dir) {
    console.error('--record needs a folder');
    process.exit(2);
  }
  env.UFO_WINDOWS_RECORD_DIR = resolve(dir);
  console.log(`recording bridge transcripts to ${env.UFO_WINDOWS_RECORD_DIR}`);
}

const run = (script, scriptArgs, cwd) => {
  const result = spawnSync(process.execPath, [script, ...scriptArgs], { cwd, env, stdio: 'inherit' });
  return result.status ?? 1;
};

// The suite imports the workspace packages it depends on from their build output.
const tsupPackage = require.resolve('tsup/package.json');
const tsup = join(dirname(tsupPackage), require(tsupPackage).bin.tsup);
for (const dep of ['core', 'dispatchers']) {
  const dir = join(repoDir, 'packages', dep);
  if (!existsSync(join(dir, 'dist', 'index.js'))) {
    console.log(`building @ufo-ts/${dep}`);
    if (run(tsup, [], dir) !== 0) process.exit(1);
  }
}

const vitestPackage = require.resolve('vitest/package.json');
const vitest = join(dirname(vitestPackage), require(vitestPackage).bin.vitest);
process.exit(run(vitest, ['run', 'test/conformance', '--reporter', 'verbose'], packageDir));
