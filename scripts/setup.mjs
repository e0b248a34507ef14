#!/usr/bin/env node
// One idempotent set-up step shared by `npm test`, `npm run demo` and `npm run bench`.
// 1. pnpm through corepack (pinned with its hash in package.json, so no signature prompt), shimmed into .tools/bin;
// 2. `pnpm install --frozen-lockfile` when the lockfile changed since the last install;
// 3. the Debian packages of the virtual desktop when missing (root on Debian only);
// 4. `turbo run build` (cached, so a second run takes about a second).
// Flags: --install-only (skip desktop packages and build), --no-desktop, --no-build.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDesktopPackages } from './desktop-packages.mjs';
import { ensurePnpmShim, repoRoot as root, toolEnv } from './lib/tool-env.mjs';

const args = new Set(process.argv.slice(2));
const env = toolEnv();

function log(message) {
  process.stderr.write(`[setup] ${message}\n`);
}

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${cmdArgs.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

function pnpm(pnpmArgs, options) {
  run('pnpm', pnpmArgs, options);
}

function installIfNeeded() {
  const lock = join(root, 'pnpm-lock.yaml');
  const stampFile = join(root, 'node_modules', '.ufo-install-stamp');
  const digest = createHash('sha256')
    .update(existsSync(lock) ? readFileSync(lock) : '')
    .update(readFileSync(join(root, 'package.json')))
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) {
    log('workspace dependencies up to date');
    return;
  }
  log('installing workspace dependencies (pnpm install --frozen-lockfile)');
  pnpm(['install', '--frozen-lockfile']);
  writeFileSync(stampFile, digest);
}

function main() {
  ensurePnpmShim();
  execFileSync('pnpm', ['--version'], { cwd: root, env, stdio: 'ignore' });
  installIfNeeded();
  if (args.has('--install-only')) return;
  if (!args.has('--no-desktop')) ensureDesktopPackages({ log });
  if (!args.has('--no-build')) {
    log('building packages (turbo, cached)');
    pnpm(['turbo', 'run', 'build', '--output-logs=errors-only']);
  }
}

main();
