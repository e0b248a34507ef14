#!/usr/bin/env node
// Regenerates schema/ufo-config.schema.json and docs/original-keys.md from the built package (run after `build`).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configJsonSchema, renderOriginalKeyTable } from '../dist/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(join(root, 'schema', 'ufo-config.schema.json'), `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
writeFileSync(join(root, 'docs', 'original-keys.md'), renderOriginalKeyTable());
process.stdout.write('wrote schema/ufo-config.schema.json and docs/original-keys.md\n');
