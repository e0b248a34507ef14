// vitest globalSetup: bundles the CLI entry points from src (the package's own dist may be stale or missing:
// turbo builds only the dependencies before tests) into node_modules/.cache, where imports still resolve.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the test copies of the bins go. */
export const TEST_BIN_DIR = join(packageDir, 'node_modules', '.cache', 'ufo-platform-linux-test');

export default async function setup(): Promise<void> {
  await build({
    entry: {
      'ufo-linux-mcp': join(packageDir, 'src/bin/ufo-linux-mcp.ts'),
      'ufo-desktop': join(packageDir, 'src/bin/ufo-desktop.ts'),
    },
    outDir: TEST_BIN_DIR,
    format: ['esm'],
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
    config: false,
    splitting: false,
  });
}
