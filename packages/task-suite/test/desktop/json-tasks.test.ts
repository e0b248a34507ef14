// Task files on a real desktop: the set-up steps (a file written, an app launched with a timeout and waited for by
// its window title, a program run), the reference solution played by the grounded model, and the checkers that
// read a live window through AT-SPI and the file on disk.
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadJsonTask } from '../../src/json/load-json-task.js';
import { missingPrograms } from '../../src/run/run-suite.js';
import { runTask } from '../../src/run/run-task.js';

const availability = checkDesktopAvailability(['mousepad']);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[task-suite] skipping the task-file desktop tests: ${availability.reason}\n`);

const root = mkdtempSync(join(tmpdir(), 'json-tasks-desktop-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function taskFile(name: string, content: Record<string, unknown>): string {
  const file = join(root, `${name}.task.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describeDesktop('task files on a real desktop', () => {
  it('set-up steps, a live window read through AT-SPI, and a saved file', { timeout: 180_000 }, async () => {
    const task = loadJsonTask(
      taskFile('mousepad-append', {
        id: 'mousepad-append',
        app: 'mousepad',
        toolkit: 'GTK 3',
        requires: ['mousepad'],
        summary: 'append a line to an open file and save it',
        request: 'In Mousepad, add the line "second line" at the end of {path:lines.txt} and save it.',
        maxSteps: 10,
        setup: [
          { file: 'lines.txt', text: 'first line\n' },
          { run: 'sh', args: ['-c', 'test -f lines.txt && printf ready > marker.txt'] },
          { launch: 'mousepad', args: ['{path:lines.txt}'], window: 'lines.txt', timeoutSeconds: 60 },
          { wait: 0.2 },
        ],
        solution: [{ keys: 'ctrl+End' }, { type: 'second line', into: { role: 'text' } }, { keys: 'ctrl+s' }, { finish: true }],
        check: {
          check: 'all',
          of: [
            { check: 'controls', window: 'lines.txt', control: { role: 'text', showsContaining: 'second line' } },
            { check: 'file', path: '{path:lines.txt}', equals: 'first line\nsecond line' },
            { check: 'file', path: '{path:marker.txt}', equals: 'ready' },
          ],
        },
      }),
    );
    expect(missingPrograms(task)).toEqual([]);
    const result = await runTask(task);
    expect(result.passed, `${result.error ?? ''} ${result.detail}`).toBe(true);
    expect(result.detail).toMatch(/^✓ window "…lines\.txt…" lists text .* showing "first line\\nsecond line/);
  });

  it('a set-up step that fails ends the run with the step and the reason', { timeout: 120_000 }, async () => {
    const task = loadJsonTask(
      taskFile('broken-setup', {
        id: 'broken-setup',
        app: 'none',
        toolkit: 'GTK 3',
        requires: [],
        summary: 'a set-up that fails',
        request: 'Nothing.',
        maxSteps: 2,
        setup: [{ run: 'sh', args: ['-c', 'echo no luck >&2; exit 4'] }],
        solution: [{ finish: true }],
        check: { check: 'file', path: '{path:x}' },
      }),
    );
    const result = await runTask(task);
    expect(result.passed).toBe(false);
    expect(result.error).toMatch(/broken-setup: set-up failed: set-up step 1 \(run sh\): sh exited with 4: no luck/);
  });
});
