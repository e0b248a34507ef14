// Writes schema/aip.schema.json from the built package (run `pnpm build` first). A test checks it stays in sync.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aipJsonSchema } from '../dist/index.js';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'aip.schema.json');
writeFileSync(target, `${JSON.stringify(aipJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
