import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/** Paths of the bundled fixture programs, shared with tests through `inject('fixtures')`. */
export interface FixturePaths {
  server: string;
  device: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtures: FixturePaths;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles the fixture programs (a server process and a device process, TypeScript using this package's src and
 * the built workspace packages) into self-contained ESM files, so tests spawn them with plain `node`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = mkdtempSync(join(tmpdir(), 'ufo-server-fixtures-'));
  await build({
    entryPoints: { server: join(here, '../fixtures/server-process.ts'), device: join(here, '../fixtures/device-process.ts') },
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
  project.provide('fixtures', { server: join(outdir, 'server.mjs'), device: join(outdir, 'device.mjs') });
  return () => rmSync(outdir, { recursive: true, force: true });
}
