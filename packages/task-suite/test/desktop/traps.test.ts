// The trap tasks on real apps, each once with its reference solution (the right path around the trap) played by the
// grounded model: every one must pass — the checker reads the real state back and, where the runner tells it how the
// session ended, that the agent finished.
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { afterAll, describe, expect, it } from 'vitest';
import { runTask, type TaskRunResult } from '../../src/run/run-task.js';
import { missingPrograms } from '../../src/run/run-suite.js';
import { TRAP_TASKS } from '../../src/tasks/index.js';

const availability = checkDesktopAvailability([]);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[task-suite] skipping the trap tasks: ${availability.reason}\n`);

describe('the trap tasks', () => {
  it('are at least 8, in the traps group, each with a trap, a distinct id and a reference solution', () => {
    expect(TRAP_TASKS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(TRAP_TASKS.map((t) => t.id)).size).toBe(TRAP_TASKS.length);
    for (const task of TRAP_TASKS) {
      expect(task.group, task.id).toBe('traps');
      expect(task.trap?.steps.length, task.id).toBeGreaterThan(0);
    }
    const causes = new Set(TRAP_TASKS.map((t) => t.trap!.cause));
    for (const cause of ['disabled', 'covered', 'off_screen', 'read_only', 'no_effect', 'window_gone'] as const) expect(causes, cause).toContain(cause);
  });
});

describeDesktop('the trap tasks on real apps (reference solutions)', () => {
  const results: TaskRunResult[] = [];
  afterAll(() => {
    const rows = results.map(
      (r) =>
        `${r.passed ? 'PASS' : 'FAIL'}  ${r.id.padEnd(36)} ${String(r.steps).padStart(3)} steps ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.error ?? r.detail}`,
    );
    process.stderr.write(`\n[task-suite] trap tasks, reference solutions\n${rows.join('\n')}\n`);
  });

  for (const task of TRAP_TASKS) {
    const missing = missingPrograms(task);
    it.skipIf(missing.length > 0)(`${task.id}: the right path around ${task.trap!.summary}`, { timeout: 180_000 }, async () => {
      const result = await runTask(task);
      results.push(result);
      expect(result.passed, `${task.id}: ${result.error ?? ''} ${result.detail}`).toBe(true);
    });
  }
});
