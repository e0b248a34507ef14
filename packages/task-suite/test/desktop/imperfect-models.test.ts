// Imperfect models on real apps, with the engine's guards on (the progress monitor enforcing, batches validated,
// the task's checker as the finish check): the stubborn model on every trap must be stopped within 3 steps without
// effect, naming the trap's cause; a sample of the other kinds must still get the work done; and the reference
// player's batched replies must pass with fewer model calls. The full matrix (every kind × task × guards on and
// off) is `ufo eval --robustness all`, committed as bench/results/robustness.json.
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { afterAll, describe, expect, it } from 'vitest';
import { imperfectModelFor } from '../../src/imperfect/imperfect-model-for.js';
import type { ImperfectKind } from '../../src/imperfect/model-spec.js';
import { runTask, type TaskRunResult } from '../../src/run/run-task.js';
import { missingPrograms } from '../../src/run/run-suite.js';
import { TASKS, TRAP_TASKS } from '../../src/tasks/index.js';

const availability = checkDesktopAvailability([]);
const describeDesktop = availability.available ? describe : describe.skip;

const results: Array<TaskRunResult & { model: string }> = [];
afterAll(() => {
  const rows = results.map(
    (r) =>
      `${r.passed ? 'pass' : 'fail'}  ${r.model.padEnd(24)} ${r.id.padEnd(36)} ${String(r.modelCalls).padStart(3)} calls  ${(r.stopReason ?? '-').padEnd(11)} ${r.noProgress ? `${r.noProgress.detection}/${r.noProgress.cause}` : ''}`,
  );
  if (rows.length) process.stderr.write(`\n[task-suite] imperfect models\n${rows.join('\n')}\n`);
});

const imperfect = (kind: ImperfectKind, seed = 1) => ({
  model: (task: Parameters<typeof imperfectModelFor>[0], ctx: Parameters<typeof imperfectModelFor>[1]) => imperfectModelFor(task, ctx, { kind, seed }),
});
const task = (id: string) => TASKS.find((t) => t.id === id)!;

describeDesktop('the stubborn model on every trap', () => {
  for (const trap of TRAP_TASKS) {
    it.skipIf(missingPrograms(trap).length > 0)(
      `${trap.id}: stopped within 3 steps without effect, naming ${trap.trap!.cause}`,
      { timeout: 180_000 },
      async () => {
        const result = await runTask(trap, imperfect('stubborn'));
        results.push({ ...result, model: 'imperfect:stubborn' });
        expect(result.stopReason, `${trap.id}: ${result.error ?? result.detail}`).toBe('no_progress');
        expect(result.noProgress?.cause).toBe(trap.trap!.cause);
        // warn, re-perceive, stop: at most three judgements, one per step without effect
        expect(result.noProgressEvents).toBeLessThanOrEqual(3);
      },
    );
  }
});

describeDesktop('imperfect models that make mistakes and recover, with the guards on', () => {
  const sample: Array<[ImperfectKind, string]> = [
    ['wrong-target', 'galculator-clicks'],
    ['stale', 'mousepad-find-replace'],
    ['hasty', 'zenity-unnamed-form'],
    ['explorer', 'mousepad-save-as'],
    ['ping-pong', 'mousepad-submenu-line-ending'],
    ['premature', 'mousepad-save-as'],
  ];
  for (const [kind, id] of sample) {
    it.skipIf(missingPrograms(task(id)).length > 0)(`${kind} on ${id}`, { timeout: 180_000 }, async () => {
      const result = await runTask(task(id), imperfect(kind));
      results.push({ ...result, model: `imperfect:${kind}` });
      expect(result.passed, `${kind} on ${id}: ${result.error ?? result.detail}`).toBe(true);
      expect(result.stopReason).toBe('finished');
    });
  }

  it.skipIf(missingPrograms(task('mousepad-save-as')).length > 0)(
    'premature without the finish check ends early and the checker finds the work undone',
    { timeout: 180_000 },
    async () => {
      const result = await runTask(task('mousepad-save-as'), { ...imperfect('premature'), finishCheck: false });
      results.push({ ...result, model: 'imperfect:premature (no check)' });
      expect(result.stopReason).toBe('finished');
      expect(result.passed).toBe(false);
    },
  );
});

describeDesktop('batched replies of the reference player', () => {
  it.skipIf(missingPrograms(task('mousepad-save-as')).length > 0)(
    'pass with fewer model calls, every batched target checked on the live UI',
    { timeout: 180_000 },
    async () => {
      const single = await runTask(task('mousepad-save-as'));
      const batched = await runTask(task('mousepad-save-as'), { batchReplies: true });
      results.push({ ...single, model: 'reference' }, { ...batched, model: 'reference (batched)' });
      expect(single.passed && batched.passed, `${single.detail} / ${batched.detail}`).toBe(true);
      expect(batched.modelCalls).toBeLessThanOrEqual(Math.floor(single.modelCalls * 0.6));
    },
  );
});
