import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundlePrograms } from '../../../../test-support/bundle-programs.js';

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
  const { paths, cleanup } = await bundlePrograms('ufo-server-fixtures', {
    server: join(here, '../fixtures/server-process.ts'),
    device: join(here, '../fixtures/device-process.ts'),
  });
  project.provide('fixtures', paths);
  return cleanup;
}
