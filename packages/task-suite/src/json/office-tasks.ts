import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadJsonTasks, type JsonDesktopTask } from './load-json-task.js';
import { packageFolder } from './package-folder.js';

/** The folder of the task files this package ships (`tasks/` beside `dist/`), or undefined when it is not found. */
export function officeTasksFolder(): string | undefined {
  const root = packageFolder();
  const folder = root === undefined ? undefined : join(root, 'tasks');
  return folder !== undefined && existsSync(folder) ? folder : undefined;
}

/**
 * The task files this package ships (its `tasks/` folder: LibreOffice Writer, Calc and Impress and more, group
 * `office`), loaded with {@link loadJsonTasks}; empty when the folder is not found.
 *
 * @example
 * ```ts
 * const results = await runSuite({ tasks: officeTasks() });
 * ```
 */
export function officeTasks(): JsonDesktopTask[] {
  const folder = officeTasksFolder();
  return folder === undefined ? [] : loadJsonTasks(folder);
}
