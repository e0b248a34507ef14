import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/** Paths of the bundled fixture programs, shared with tests through `inject('fixtures')`. */
export interface FixturePaths {
  node: string;
  devices: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtures: FixturePaths;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles the node and devices fixtures into self-contained ESM files (tests spawn them with plain `node`). */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = mkdtempSync(join(tmpdir(), 'ufo-cluster-fixtures-'));
  await build({
    entryPoints: { node: join(here, '../fixtures/node-process.ts'), devices: join(here, '../fixtures/devices-process.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    external: [...builtinModules],
    banner: { js: "import { createRequire as __ufoCreateRequire } from 'node:module'; const require = __ufoCreateRequire(import.meta.url);" },
  });
  project.provide('fixtures', { node: join(outdir, 'node.mjs'), devices: join(outdir, 'devices.mjs') });
  return () => rmSync(outdir, { recursive: true, force: true });
}
