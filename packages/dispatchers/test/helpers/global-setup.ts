import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundlePrograms } from '../../../../test-support/bundle-programs.js';

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
  const { paths, cleanup } = await bundlePrograms('ufo-dispatchers-fixtures', {
    'stdio-server': join(here, '../fixtures/stdio-fixture-server.ts'),
    'http-server': join(here, '../fixtures/http-fixture-server.ts'),
    'exit-probe': join(here, '../fixtures/exit-probe.ts'),
  });
  project.provide('fixtures', { stdioServer: paths['stdio-server'], httpServer: paths['http-server'], exitProbe: paths['exit-probe'] });
  return cleanup;
}
