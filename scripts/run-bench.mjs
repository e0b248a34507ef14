#!/usr/bin/env node
// `pnpm bench`: runs every bench/<name>/index.mjs in turn (or only those named on the command line).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const only = process.argv.slice(2);
const names = readdirSync(benchDir).filter((name) => existsSync(join(benchDir, name, 'index.mjs')) && (only.length === 0 || only.includes(name)));
let failed = 0;
for (const name of names) {
  process.stdout.write(`\n== bench/${name}\n`);
  const result = spawnSync(process.execPath, [join(benchDir, name, 'index.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
