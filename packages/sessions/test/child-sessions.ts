// Shared by the tests that kill a session's process and resume it: the session fixture bundled into a program
// (built once per test file), and a fake desktop served over HTTP from the test process, so its tool calls are
// counted here and survive the child's death.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveHttp } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';
import { afterAll, beforeAll } from 'vitest';
import { bundlePrograms } from '../../../test-support/bundle-programs.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles `fixtures/<fixture>` before the file's tests and removes it after; `path()` is the program. */
export function bundledFixture(prefix: string, fixture: string): { path: () => string } {
  let program = '';
  let remove = () => {};
  beforeAll(async () => {
    const bundled = await bundlePrograms(prefix, { session: join(here, 'fixtures', fixture) });
    program = bundled.paths.session;
    remove = bundled.cleanup;
  }, 120_000);
  afterAll(() => remove());
  return { path: () => program };
}

/** A fresh fake desktop served over HTTP from this process (closed through `defer` after the test). */
export async function servedFakeDesktop(defer: (fn: () => Promise<void>) => void): Promise<{ desktop: FakeDesktop; url: string }> {
  const desktop = new FakeDesktop();
  const server = await serveHttp(() => desktop.createServer());
  defer(() => server.close());
  return { desktop, url: server.url };
}
