import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadJsonTasks, type JsonDesktopTask } from './load-json-task.js';
import { packageFolder, thisModuleFile } from './package-folder.js';

/**
 * The folder of the task files this package ships: `tasks/` in this package's folder, else `tasks/` beside the code
 * of this module (a program that bundles this package, such as the `ufo` command, ships them there); undefined when
 * neither is found.
 */
export function officeTasksFolder(): string | undefined {
  const root = packageFolder();
  const file = thisModuleFile();
  const candidates = [...(root === undefined ? [] : [join(root, 'tasks')]), ...(file === undefined ? [] : [join(dirname(file), 'tasks')])];
  return candidates.find((folder) => existsSync(folder));
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
