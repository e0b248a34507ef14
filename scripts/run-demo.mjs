#!/usr/bin/env node
// `npm run demo` (after scripts/setup.mjs): the main job. Runs the demo example named by UFO_DEMO, or the
// default one, with the caller's environment (API keys select a hosted model where the example supports it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env.UFO_DEMO, 'linux-calculator-demo', 'fake-desktop-demo'].filter(Boolean);
const name = candidates.find((c) => existsSync(join(root, 'examples', c, 'index.mjs')));
if (!name) {
  console.error(`no demo found (looked for ${candidates.join(', ')})`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['index.mjs', ...process.argv.slice(2)], {
  cwd: join(root, 'examples', name),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
