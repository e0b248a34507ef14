// Every publishable package carries the packaging fields (dual exports, metadata, LICENSE, prepack guard):
// `node scripts/packaging/apply-package-fields.mjs` writes them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/tool-env.mjs';
import { packagingFields, publishablePackages } from './package-fields.mjs';

describe('packaging fields', () => {
  it.each(publishablePackages().map((pkg) => [pkg.dir, pkg]))('packages/%s has them', (_dir, pkg) => {
    for (const [field, value] of Object.entries(packagingFields(pkg))) {
      expect(pkg.manifest[field], `${field} (run scripts/packaging/apply-package-fields.mjs)`).toEqual(value);
    }
    expect(pkg.manifest.license).toBe('MIT');
    expect(readFileSync(join(pkg.path, 'LICENSE'), 'utf8')).toBe(readFileSync(join(repoRoot, 'LICENSE'), 'utf8'));
    expect(existsSync(join(pkg.path, 'README.md'))).toBe(true);
  });
});
