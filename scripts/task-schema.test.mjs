// The JSON Schema of task files (packages/task-suite/task.schema.json) is generated from the zod schema: this test
// fails when the committed file is stale (regenerate with `node scripts/task-schema.mjs`).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { TASK_SCHEMA_FILE, taskSchemaText } from './task-schema.mjs';

test('task.schema.json is what the task-file schema gives', async () => {
  const expected = await taskSchemaText();
  expect(readFileSync(TASK_SCHEMA_FILE, 'utf8'), 'stale: run node scripts/task-schema.mjs').toBe(expected);
  const schema = JSON.parse(expected);
  expect(schema.required).toEqual(['id', 'app', 'toolkit', 'requires', 'summary', 'request', 'maxSteps', 'setup', 'solution', 'check']);
  expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['Checker', 'SetupStep', 'ControlRef']));
});
