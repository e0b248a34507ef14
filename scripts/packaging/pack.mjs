// Packs every publishable package with `pnpm pack` (which runs each package's prepack guard and rewrites
// `workspace:` ranges to versions), two at a time, each into a folder of its own under `destination`.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toolEnv } from '../lib/tool-env.mjs';
import { publishablePackages } from './package-fields.mjs';

/** Packs each package into `destination`; resolves with `{ name, dir, path, manifest, tarball }` per package. */
export async function packAll(destination, packages = publishablePackages(), concurrency = 2) {
  const queue = [...packages];
  const packed = [];
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) packed.push({ ...pkg, tarball: await packOne(pkg, destination) });
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return packed.sort((a, b) => a.dir.localeCompare(b.dir));
}

function packOne(pkg, destination) {
  const folder = join(destination, pkg.dir);
  mkdirSync(folder, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['pack', '--pack-destination', folder], { cwd: pkg.path, env: toolEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const made = readdirSync(folder).filter((file) => file.endsWith('.tgz'));
      if (status !== 0 || made.length !== 1) reject(new Error(`pnpm pack failed in packages/${pkg.dir} (${status}):\n${output}`));
      else resolve(join(folder, made[0]));
    });
  });
}
