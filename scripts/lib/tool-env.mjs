// The environment every project script runs pnpm and turbo with: corepack's pnpm shim on PATH (turbo looks for a
// `pnpm` binary), no download prompt, CI mode for non-interactive installs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shimDir = join(repoRoot, '.tools', 'bin');

/** Environment with the pnpm shim first on PATH. */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
    CI: process.env.CI ?? 'true',
    PATH: `${shimDir}${delimiter}${process.env.PATH ?? ''}`,
    ...extra,
  };
}

/** Creates `.tools/bin/pnpm` (a corepack shim honouring package.json's pinned version) when missing. */
export function ensurePnpmShim() {
  if (existsSync(join(shimDir, 'pnpm'))) return;
  mkdirSync(shimDir, { recursive: true });
  execFileSync('corepack', ['enable', 'pnpm', '--install-directory', shimDir], { cwd: repoRoot, env: toolEnv(), stdio: 'inherit' });
}
