import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/** Paths of the bundled programs, shared with tests through `inject('programs')`. */
export interface ProgramPaths {
  /** The `ufo` command, bundled from src/bin.ts. */
  ufo: string;
  /** A FakeDesktop MCP tool server over stdio. */
  fakeDesktopStdio: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    programs: ProgramPaths;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles the `ufo` bin (from source) and the stdio tool server, so tests spawn them with plain `node`. */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = mkdtempSync(join(tmpdir(), 'ufo-cli-programs-'));
  await build({
    entryPoints: { ufo: join(here, '../../src/bin.ts'), 'fake-desktop-stdio': join(here, '../fixtures/fake-desktop-stdio.ts') },
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
  project.provide('programs', { ufo: join(outdir, 'ufo.mjs'), fakeDesktopStdio: join(outdir, 'fake-desktop-stdio.mjs') });
  return () => rmSync(outdir, { recursive: true, force: true });
}
