// Writing tasks as JSON: the guide's example task file (packages/task-suite/tasks/examples/mousepad-note.task.json)
// loaded and run on a real private desktop, with the reference solution as the model. Run by the docs test; it
// needs Xvfb and mousepad, and is skipped without them.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'packages', 'task-suite', 'tasks', 'examples', 'mousepad-note.task.json');
const desktop = spawnSync('sh', ['-c', 'command -v Xvfb']).status === 0;

// #region load
import { loadJsonTask, missingPrograms, runTask } from '@ufo-ts/task-suite';

const task = loadJsonTask(file); // a TaskSuiteError TASK_FILE_INVALID names the file and the fields when it is wrong
// #endregion load

test.skipIf(!desktop || missingPrograms(task).length > 0)('the example task file passes with its reference solution', { timeout: 180_000 }, async () => {
  // #region run
  const result = await runTask(task); // a fresh private desktop: set-up, a session with the reference solution, the checker
  console.log(result.passed, result.steps, result.detail);
  // true 8 /tmp/ufo-task-mousepad-note-…/note.txt holds "Meeting at 10: budget review"
  // #endregion run
  expect(result).toMatchObject({ passed: true, id: 'mousepad-note', app: 'mousepad' });
  expect(result.detail).toContain('note.txt holds "Meeting at 10: budget review"');
});
