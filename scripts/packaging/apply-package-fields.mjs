#!/usr/bin/env node
// Writes the packaging fields (packagingFields in package-fields.mjs) into every publishable package.json, in
// place: other fields and their order stay as they are, new fields go after `description`. Run it after adding a
// package or an entry; package-fields.test.mjs fails while a package lacks them.
// Usage: node scripts/packaging/apply-package-fields.mjs [package-dir ...]
import { writeFileSync } from 'node:fs';
import { packagingFields, publishablePackages } from './package-fields.mjs';

const only = new Set(process.argv.slice(2));

for (const pkg of publishablePackages()) {
  if (only.size > 0 && !only.has(pkg.dir)) continue;
  writeFileSync(pkg.file, `${JSON.stringify(withFields(pkg.manifest, packagingFields(pkg)), null, 2)}\n`);
  process.stdout.write(`${pkg.manifest.name}\n`);
}

/** `manifest` with `updates` applied: existing keys keep their place, new ones follow `description`. */
function withFields(manifest, updates) {
  const out = {};
  const added = Object.keys(updates).filter((key) => !(key in manifest));
  for (const [key, value] of Object.entries(manifest)) {
    out[key] = key in updates ? updates[key] : value;
    if (key === 'description') for (const key of added) out[key] = updates[key];
  }
  for (const key of added) if (!(key in out)) out[key] = updates[key];
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}
