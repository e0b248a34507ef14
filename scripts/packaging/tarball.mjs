// Reads a package tarball: its file list and its package.json (with `tar`, which every CI image has).
import { execFileSync } from 'node:child_process';

/** `{ files, manifest }` of a `.tgz` made by `pnpm pack` (paths start with `package/`). */
export function tarballManifest(tarball) {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  return { files, manifest };
}
