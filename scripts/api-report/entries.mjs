// The code entries of a package, from its `exports` map: `.` → dist/index.d.ts, `./testing` → dist/testing.d.ts.
// JSON subpaths (`./schema.json`) and `./package.json` have no API to report.
import { join } from 'node:path';

/** `[{ subpath: '@ufo-ts/core/testing', declarations: '<abs>/dist/testing.d.ts' }, ...]`, in `exports` order. */
export function codeEntries(pkg) {
  const entries = [];
  for (const [key, entry] of Object.entries(pkg.manifest.exports ?? {})) {
    const types = typeof entry === 'object' ? entry.import?.types : undefined;
    if (typeof types !== 'string' || !types.endsWith('.d.ts')) continue;
    entries.push({ subpath: key === '.' ? pkg.manifest.name : `${pkg.manifest.name}/${key.slice(2)}`, declarations: join(pkg.path, types) });
  }
  return entries;
}
