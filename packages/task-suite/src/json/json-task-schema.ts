import { z } from 'zod';
import { CheckerSchema } from '../checkers/checker-schema.js';
import { ReferenceStepSchema } from '../grounded/reference-steps.js';

const env = z.record(z.string(), z.string());
const relativePath = z.string().min(1).describe('A path relative to the task folder (`{dir}`).');

/**
 * One set-up step of a task file, run in order before the session: write a file, copy a fixture, write a settings
 * file, start an app, run a program to completion, or wait.
 *
 * @example
 * ```ts
 * SetupStepSchema.parse({ file: 'report.odt', from: 'files/report.odt' });
 * SetupStepSchema.parse({ launch: 'soffice', args: ['--writer', '{path:report.odt}'], window: 'report.odt' });
 * ```
 */
export const SetupStepSchema = z.union([
  z.object({ file: relativePath, text: z.string().describe('The text to write (folders are made).') }).strict(),
  z
    .object({
      file: relativePath,
      from: z.string().min(1).describe("A fixture to copy, relative to the task file's folder (it must stay inside that folder)."),
    })
    .strict(),
  z
    .object({
      settings: z.string().min(1).describe("A path under the desktop's XDG_CONFIG_HOME (`{config}`)."),
      text: z.string().describe('The text to write (folders are made).'),
    })
    .strict(),
  z
    .object({
      launch: z.string().min(1).describe('The program (a name on PATH or an absolute path).'),
      args: z.array(z.string()).optional(),
      env: env.optional().describe("Extra environment for this app (on top of the desktop's)."),
      window: z.string().optional().describe('Also wait until a top-level window whose title contains this text is mapped.'),
      timeoutSeconds: z.number().positive().max(600).optional().describe('How long to wait for its window (default 60).'),
    })
    .strict(),
  z
    .object({
      run: z.string().min(1).describe('A program run to completion (argv, no shell; in the task folder, with the desktop environment).'),
      args: z.array(z.string()).optional(),
      timeoutSeconds: z.number().positive().max(600).optional().describe('Its time limit (default 60).'),
    })
    .strict(),
  z.object({ wait: z.number().positive().max(10).describe('Seconds to wait.') }).strict(),
]);
/** One set-up step of a task file (see {@link SetupStepSchema}). */
export type SetupStep = z.infer<typeof SetupStepSchema>;

/** The toolkits a task file may name (the {@link Toolkit} union). */
const ToolkitSchema = z.enum(['GTK 3', 'GTK 4', 'Qt 5', 'X toolkit', 'Tk', 'VCL']);

/**
 * A desktop task written as a JSON file (`*.task.json`): what to set up, the request, the reference solution
 * and a typed checker. Strings of `request`, `setup`, `solution` and `check` may use the placeholders `{dir}`,
 * `{path:rel/file}`, `{config}` and `{home}`.
 *
 * @example
 * ```ts
 * const task = JsonTaskSchema.parse({
 *   id: 'mousepad-note', app: 'mousepad', toolkit: 'GTK 3', requires: ['mousepad'], summary: 'type and save',
 *   request: 'Type "hi" and save as {path:note.txt}.', maxSteps: 15,
 *   setup: [{ launch: 'mousepad' }], solution: [{ type: 'hi' }, { finish: true }],
 *   check: { check: 'file', path: '{path:note.txt}', equals: 'hi' },
 * });
 * ```
 */
export const JsonTaskSchema = z
  .object({
    $schema: z.string().optional().describe('The JSON Schema for editors (ignored).'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case id (lower-case letters, digits and single dashes)')
      .describe('A unique kebab-case id.'),
    app: z.string().min(1).describe('The app, as the reports group by it (`libreoffice-writer`).'),
    toolkit: ToolkitSchema,
    requires: z.array(z.string().min(1)).describe('Programs that must be installed (names on PATH or absolute paths); the task is skipped without them.'),
    summary: z.string().min(1).describe('What the task covers, for people.'),
    request: z.string().min(1).describe('The plain-language request the agent gets.'),
    maxSteps: z.number().int().positive().describe('The step budget.'),
    group: z.enum(['core', 'traps', 'perception', 'office']).optional().describe('The suite group (default `office`).'),
    env: env.optional().describe('Extra environment for the whole desktop (placeholders are not substituted here).'),
    setup: z.array(SetupStepSchema).describe('Set-up steps, run in order.'),
    solution: z.array(ReferenceStepSchema).min(1).describe('The reference solution: reference steps as a model would answer.'),
    check: CheckerSchema,
  })
  .strict();
/** A task file's content (see {@link JsonTaskSchema}). */
export type JsonTask = z.infer<typeof JsonTaskSchema>;
