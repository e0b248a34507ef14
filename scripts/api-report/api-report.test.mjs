// Each publishable package's API report (api/<package>.api.md) is the one its built .d.ts files give: an API
// change shows up as a diff of the committed report. `node scripts/api-report.mjs` (after a build) rewrites them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/tool-env.mjs';
import { publishablePackages } from '../packaging/package-fields.mjs';
import { apiReport, reportFileName } from './report.mjs';

const REGENERATE = 'the public API changed: run `pnpm turbo run build && node scripts/api-report.mjs` and commit api/';

describe('API reports', () => {
  it.each(publishablePackages().map((pkg) => [pkg.dir, pkg]))('api/%s.api.md is up to date', (_dir, pkg) => {
    const file = join(repoRoot, 'api', reportFileName(pkg));
    expect(existsSync(file), `api/${reportFileName(pkg)} is missing: ${REGENERATE}`).toBe(true);
    expect(readFileSync(file, 'utf8'), `api/${reportFileName(pkg)} is out of date: ${REGENERATE}`).toBe(apiReport(pkg));
  });

  it('lists every exported name with its kind', () => {
    const core = publishablePackages().find((pkg) => pkg.dir === 'core');
    const report = apiReport(core);
    expect(report).toContain('## `@ufo-ts/core/internal`');
    expect(report).toMatch(/^\/\/ class UfoError$/m);
    expect(report).toMatch(/^\/\/ function isUfoError$/m);
  });
});
