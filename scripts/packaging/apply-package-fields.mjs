#!/usr/bin/env node
// Writes the packaging fields (package-fields.mjs) into every publishable package.json, in place: other fields and
// their order stay as they are, new fields go after `description`. Run it after adding a package or an entry.
// Usage: node scripts/packaging/apply-package-fields.mjs [package-dir ...]
import { writeFileSync } from 'node:fs';
import { dualEntry, keywordsFor, NODE_TYPES_PACKAGES, NODE_TYPES_RANGE, PREPACK, publishablePackages, repositoryFields, typesVersionsFor } from './package-fields.mjs';

const only = new Set(process.argv.slice(2));

for (const { dir, file, manifest } of publishablePackages()) {
  if (only.size > 0 && !only.has(dir)) continue;
  const updates = {};
  if (manifest.exports) {
    const exportsMap = Object.fromEntries(Object.entries(manifest.exports).map(([key, entry]) => [key, dualEntry(entry)]));
    exportsMap['./package.json'] = './package.json';
    updates.exports = exportsMap;
    const main = exportsMap['.'];
    if (main && typeof main !== 'string' && main.require) {
      updates.main = main.require.default;
      updates.module = main.import.default;
      updates.types = main.require.types;
    }
    updates.typesVersions = typesVersionsFor(exportsMap);
  }
  Object.assign(updates, repositoryFields(dir), { keywords: keywordsFor(dir) });
  updates.scripts = { ...manifest.scripts, prepack: PREPACK };
  if (NODE_TYPES_PACKAGES.includes(dir)) updates.dependencies = { ...manifest.dependencies, '@types/node': NODE_TYPES_RANGE };
  if (Array.isArray(manifest.files) && !manifest.files.includes('LICENSE')) updates.files = [...manifest.files, 'LICENSE'];
  writeFileSync(file, `${JSON.stringify(withFields(manifest, updates), null, 2)}\n`);
  process.stdout.write(`${manifest.name}\n`);
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
