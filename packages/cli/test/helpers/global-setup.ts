import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundlePrograms } from '../../../../test-support/bundle-programs.js';

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
  const { paths, cleanup } = await bundlePrograms('ufo-cli-programs', {
    ufo: join(here, '../../src/bin.ts'),
    'fake-desktop-stdio': join(here, '../fixtures/fake-desktop-stdio.ts'),
  });
  project.provide('programs', { ufo: paths.ufo, fakeDesktopStdio: paths['fake-desktop-stdio'] });
  return cleanup;
}
