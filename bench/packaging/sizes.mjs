// Sizes for bench/packaging: a tarball's packed and unpacked bytes, a folder's bytes and file count.
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `{ packedBytes, unpackedBytes, files }` of a `.tgz` (from `tar -tvzf`'s size column). */
export function tarballSizes(tarball) {
  const lines = execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const unpackedBytes = lines.reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[2] ?? 0), 0);
  return { packedBytes: statSync(tarball).size, unpackedBytes, files: lines.length };
}

/** Total bytes of the files under `folder` (symbolic links not followed) and their count. */
export function folderSize(folder) {
  let bytes = 0;
  let files = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        bytes += lstatSync(path).size;
        files += 1;
      }
    }
  };
  walk(folder);
  return { bytes, files };
}
