// Writes api/<package>.api.md for every publishable package from its built .d.ts files (run
// `pnpm turbo run build` first). The repository check scripts/api-report/api-report.test.mjs fails when a
// committed report differs from the built API. `--check` only reports the stale files (exit 1).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/tool-env.mjs';
import { publishablePackages } from './packaging/package-fields.mjs';
import { apiReport, reportFileName } from './api-report/report.mjs';

const check = process.argv.includes('--check');
const dir = join(repoRoot, 'api');
mkdirSync(dir, { recursive: true });
let stale = 0;
for (const pkg of publishablePackages()) {
  const file = join(dir, reportFileName(pkg));
  const report = apiReport(pkg);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === report) continue;
  stale += 1;
  if (check) console.error(`api/${reportFileName(pkg)} is out of date`);
  else {
    writeFileSync(file, report);
    console.log(`wrote api/${reportFileName(pkg)}`);
  }
}
if (check && stale > 0) process.exit(1);
