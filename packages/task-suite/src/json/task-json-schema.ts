import { z } from 'zod';
import { CheckerSchema } from '../checkers/checker-schema.js';
import { ControlRefSchema, ReferenceActionSchema, WindowRefSchema } from '../grounded/reference-steps.js';
import { JsonTaskSchema, SetupStepSchema } from './json-task-schema.js';

/** Where the JSON Schema of task files is published (its `$id`). */
export const TASK_SCHEMA_ID = 'https://github.com/ufo-ts/ufo-ts/raw/main/packages/task-suite/task.schema.json';

/**
 * The JSON Schema (draft 2020-12) of a task file, from {@link JsonTaskSchema}: what the package's
 * `task.schema.json` holds, for editors (`"$schema": "…/task.schema.json"` in a task file gives completion and
 * checking). Defaults are optional, as a task file may leave them out.
 *
 * @example
 * ```ts
 * writeFileSync('task.schema.json', `${JSON.stringify(taskJsonSchema(), null, 2)}\n`);
 * ```
 */
export function taskJsonSchema(): Record<string, unknown> {
  // Named definitions for the parts used in several places (a registry of this call's own).
  const names = z.registry<{ id: string }>();
  names.add(ControlRefSchema, { id: 'ControlRef' });
  names.add(WindowRefSchema, { id: 'WindowRef' });
  names.add(ReferenceActionSchema, { id: 'ReferenceAction' });
  names.add(SetupStepSchema, { id: 'SetupStep' });
  names.add(CheckerSchema, { id: 'Checker' });
  const schema = z.toJSONSchema(JsonTaskSchema, {
    metadata: names,
    target: 'draft-2020-12',
    io: 'input',
    cycles: 'ref',
    reused: 'inline',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    $id: TASK_SCHEMA_ID,
    title: 'ufo-ts desktop task',
    description: 'A desktop task of the ufo-ts eval suite, written as JSON (`*.task.json`).',
    ...schema,
  };
}
