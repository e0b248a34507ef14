// Packs every publishable package with `pnpm pack` (which runs each package's prepack guard and rewrites
// `workspace:` ranges to versions) into one folder.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toolEnv } from '../lib/tool-env.mjs';
import { publishablePackages } from './package-fields.mjs';

/** Packs each package into `destination`; returns `{ name, dir, path, manifest, tarball }` per package. */
export function packAll(destination, packages = publishablePackages()) {
  return packages.map((pkg) => {
    const before = new Set(readdirSync(destination));
    const result = spawnSync('pnpm', ['pack', '--pack-destination', destination], { cwd: pkg.path, env: toolEnv(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pnpm pack failed in packages/${pkg.dir}:\n${result.stdout}${result.stderr}`);
    const made = readdirSync(destination).filter((file) => file.endsWith('.tgz') && !before.has(file));
    if (made.length !== 1) throw new Error(`pnpm pack in packages/${pkg.dir} made ${made.length} tarballs`);
    return { ...pkg, tarball: join(destination, made[0]) };
  });
}
