import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundlePrograms } from '../../../../test-support/bundle-programs.js';

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
  const { paths, cleanup } = await bundlePrograms('ufo-cluster-fixtures', {
    node: join(here, '../fixtures/node-process.ts'),
    devices: join(here, '../fixtures/devices-process.ts'),
  });
  project.provide('fixtures', paths);
  return cleanup;
}
