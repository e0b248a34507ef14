import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { runChecker } from '../checkers/run-checker.js';
import { TaskSuiteError } from '../errors.js';
import type { DesktopTask } from '../task.js';
import { JsonTaskSchema, type JsonTask } from './json-task-schema.js';
import { placeholderProblemsDeep, placeholderValues, substitute, substituteDeep } from './placeholders.js';
import { fixturePath, runSetupSteps } from './setup-steps.js';

/** The file name ending of task files. */
export const TASK_FILE_SUFFIX = '.task.json';

/** A task built from a task file: the parsed JSON and the file stay with it. */
export interface JsonDesktopTask extends DesktopTask {
  /** The task file (absolute path). */
  readonly file: string;
  /** The task file's content as parsed. */
  readonly json: JsonTask;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The desktop task a parsed task file describes. `file` is the task file's path: fixtures (`from`) are relative
 * to its folder.
 *
 * @throws TaskSuiteError `TASK_FILE_INVALID` when the content does not match {@link JsonTaskSchema}, uses an
 * unknown placeholder or names a fixture outside the task file's folder.
 */
export function jsonTask(content: unknown, file: string): JsonDesktopTask {
  const path = resolve(file);
  const parsed = JsonTaskSchema.safeParse(content);
  if (!parsed.success) throw new TaskSuiteError('TASK_FILE_INVALID', `${path}: not a valid task: ${issuesOf(parsed.error)}`, { cause: parsed.error });
  const json = parsed.data;
  const problems = placeholderProblemsDeep({ request: json.request, setup: json.setup, solution: json.solution, check: json.check });
  if (problems.length) throw new TaskSuiteError('TASK_FILE_INVALID', `${path}: ${problems.join('; ')}`);
  const folder = dirname(path);
  for (const [i, step] of json.setup.entries()) {
    if (!('from' in step)) continue;
    try {
      fixturePath(folder, step.from);
    } catch (error) {
      throw new TaskSuiteError('TASK_FILE_INVALID', `${path}: setup.${i}.from: ${(error as Error).message}`, { cause: error });
    }
  }
  return {
    file: path,
    json,
    id: json.id,
    app: json.app,
    toolkit: json.toolkit,
    requires: json.requires,
    summary: json.summary,
    maxSteps: json.maxSteps,
    group: json.group ?? 'office',
    ...(json.env ? { env: json.env } : {}),
    request: (ctx) => substitute(json.request, placeholderValues(ctx)),
    setup: (ctx) => runSetupSteps(json.setup, ctx, { taskFolder: folder, id: json.id }),
    solution: (ctx) => substituteDeep(json.solution, placeholderValues(ctx)),
    check: (ctx) => runChecker(substituteDeep(json.check, placeholderValues(ctx)), ctx),
  };
}

/**
 * Loads one task file (`*.task.json`) as a desktop task.
 *
 * @example
 * ```ts
 * const task = loadJsonTask('tasks/examples/mousepad-note.task.json');
 * const result = await runTask(task);
 * ```
 * @throws TaskSuiteError `TASK_FILE_INVALID` naming the file when it cannot be read, is not JSON or is not a valid task.
 */
export function loadJsonTask(file: string): JsonDesktopTask {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TaskSuiteError('TASK_FILE_INVALID', `${path}: cannot be read: ${(error as Error).message}`, { cause: error });
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw new TaskSuiteError('TASK_FILE_INVALID', `${path}: not JSON: ${(error as Error).message}`, { cause: error });
  }
  return jsonTask(content, path);
}

/** The task files under a folder (any depth), sorted by path. */
export function findTaskFiles(dir: string): string[] {
  const root = resolve(dir);
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(TASK_FILE_SUFFIX) && (entry.isFile() || statSync(full).isFile())) files.push(full);
    }
  };
  walk(root);
  return files.sort((a, b) => (relative(root, a) < relative(root, b) ? -1 : 1));
}

/**
 * Loads every task file (`*.task.json`) under a folder, at any depth, in path order.
 *
 * @example
 * ```ts
 * const tasks = loadJsonTasks('my-tasks');
 * const results = await runSuite({ tasks });
 * ```
 * @throws TaskSuiteError `TASK_FILE_INVALID` for the first invalid file (or a folder that cannot be read),
 * `TASK_ID_DUPLICATE` when two files share an id.
 */
export function loadJsonTasks(dir: string): JsonDesktopTask[] {
  let files: string[];
  try {
    files = findTaskFiles(dir);
  } catch (error) {
    throw new TaskSuiteError('TASK_FILE_INVALID', `${resolve(dir)}: the task folder cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const tasks = files.map(loadJsonTask);
  const seen = new Map<string, string>();
  for (const task of tasks) {
    const other = seen.get(task.id);
    if (other !== undefined) throw new TaskSuiteError('TASK_ID_DUPLICATE', `task id "${task.id}" is used by both ${other} and ${task.file}`);
    seen.set(task.id, task.file);
  }
  return tasks;
}
