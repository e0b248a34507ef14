#!/usr/bin/env node
// Packs every publishable package and checks each tarball with publint (strict: warnings fail) and
// are-the-types-wrong (every resolution mode: node10, node16 from CommonJS and from ESM, bundler). The consumer test
// (consumer.test.mjs, in `npm test`) runs the same checks; this script is the quick way to run them alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTarballs } from './check-tarballs.mjs';
import { packAll } from './pack.mjs';

const work = mkdtempSync(join(tmpdir(), 'ufo-check-packages-'));
try {
  const problems = await checkTarballs(await packAll(work));
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\nFAILED: ${problems.length} checks\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('publint and attw: every package passes\n');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
