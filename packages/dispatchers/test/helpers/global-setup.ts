import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/** Paths of the bundled fixture programs, shared with tests through `inject('fixtures')`. */
export interface FixturePaths {
  stdioServer: string;
  httpServer: string;
  exitProbe: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtures: FixturePaths;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles the fixture entry points (TypeScript using this package's src) into self-contained ESM files in a temp
 * folder, so tests can spawn them with plain `node` without building the package first.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = mkdtempSync(join(tmpdir(), 'ufo-dispatchers-fixtures-'));
  const entries = {
    'stdio-server': join(here, '../fixtures/stdio-fixture-server.ts'),
    'http-server': join(here, '../fixtures/http-fixture-server.ts'),
    'exit-probe': join(here, '../fixtures/exit-probe.ts'),
  };
  try {
    await build({
      entryPoints: entries,
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
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  project.provide('fixtures', {
    stdioServer: join(outdir, 'stdio-server.mjs'),
    httpServer: join(outdir, 'http-server.mjs'),
    exitProbe: join(outdir, 'exit-probe.mjs'),
  });
  return () => rmSync(outdir, { recursive: true, force: true });
}
