#!/usr/bin/env node
// Writes packages/task-suite/task.schema.json, the JSON Schema of task files (`*.task.json`) for editors, from the
// zod schema of the built package (`taskJsonSchema()`). Needs @ufo-ts/task-suite built.
//   node scripts/task-schema.mjs           write the file
//   node scripts/task-schema.mjs --check   exit 1 when the file differs from what the schema gives
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of the committed schema file. */
export const TASK_SCHEMA_FILE = join(repo, 'packages', 'task-suite', 'task.schema.json');

/** The schema file's text as the built package gives it. */
export async function taskSchemaText() {
  const { taskJsonSchema } = await import(pathToFileURL(join(repo, 'packages', 'task-suite', 'dist', 'index.js')).href);
  return `${JSON.stringify(taskJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await taskSchemaText();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(TASK_SCHEMA_FILE, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error(`${TASK_SCHEMA_FILE} is stale: run node scripts/task-schema.mjs`);
      process.exit(1);
    }
    console.log('task.schema.json: up to date');
  } else {
    writeFileSync(TASK_SCHEMA_FILE, text);
    console.log(`wrote ${TASK_SCHEMA_FILE}`);
  }
}
