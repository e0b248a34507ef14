// The action cache on real apps: a run that passed its check is recorded and the next run of the task is replayed
// from it with 0 model calls, and the checker (reading the app's files and settings back) passes again. The first
// run is played by the reference player and by imperfect models (their detours are what gets recorded).
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { ActionCache, FileActionCacheStore } from '@ufo-ts/sessions';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imperfectModelFor } from '../../src/imperfect/imperfect-model-for.js';
import type { ImperfectKind } from '../../src/imperfect/model-spec.js';
import { runTask, type RunTaskOptions } from '../../src/run/run-task.js';
import { missingPrograms } from '../../src/run/run-suite.js';
import { TASKS } from '../../src/tasks/index.js';

const availability = checkDesktopAvailability([]);
const describeDesktop = availability.available ? describe : describe.skip;
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

function cache(): ActionCache {
  const folder = mkdtempSync(join(tmpdir(), 'ufo-cache-'));
  folders.push(folder);
  return new ActionCache({ store: new FileActionCacheStore(folder) });
}

const task = (id: string) => TASKS.find((t) => t.id === id)!;
const imperfect =
  (kind: ImperfectKind): RunTaskOptions['model'] =>
  (t, ctx) =>
    imperfectModelFor(t, ctx, { kind, seed: 1 });

const CASES: Array<{ id: string; first: string; model?: RunTaskOptions['model'] }> = [
  { id: 'mousepad-save-as', first: 'reference' },
  { id: 'featherpad-preferences', first: 'reference' },
  { id: 'galculator-clicks', first: 'imperfect:explorer', model: imperfect('explorer') },
  { id: 'mousepad-find-replace', first: 'imperfect:wrong-target', model: imperfect('wrong-target') },
];

describeDesktop('the action cache on real apps', () => {
  for (const c of CASES) {
    it.skipIf(missingPrograms(task(c.id)).length > 0)(
      `${c.id} (first run: ${c.first}): recorded, then replayed with 0 model calls and checked again`,
      { timeout: 240_000 },
      async () => {
        const actionCache = cache();
        const first = await runTask(task(c.id), { cache: actionCache, ...(c.model ? { model: c.model } : {}) });
        expect({ passed: first.passed, detail: first.detail, cache: first.cache?.outcome, saved: first.cache?.saved }).toEqual({
          passed: true,
          detail: first.detail,
          cache: 'miss',
          saved: true,
        });
        expect(first.modelCalls).toBeGreaterThan(0);
        const second = await runTask(task(c.id), { cache: actionCache, ...(c.model ? { model: c.model } : {}) });
        expect({ passed: second.passed, detail: second.detail, cache: second.cache?.outcome, modelCalls: second.modelCalls }).toEqual({
          passed: true,
          detail: second.detail,
          cache: 'hit',
          modelCalls: 0,
        });
        expect(second.cache!.hits).toBeGreaterThan(0);
      },
    );
  }
});

describeDesktop('a replay on an app that changed since the run was recorded', () => {
  it.skipIf(missingPrograms(task('mousepad-save-as')).length > 0)(
    'a dialog the cached run did not see (Save As over an existing file) stops the replay at that step with EFFECT_DIFFERS; the file keeps its content',
    { timeout: 240_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'ufo-cache-'));
      folders.push(folder);
      const base = task('mousepad-save-as');
      const first = await runTask(base, { cache: new ActionCache({ store: new FileActionCacheStore(folder) }) });
      expect({ passed: first.passed, saved: first.cache?.saved }).toEqual({ passed: true, saved: true });
      let held = '';
      const fileExists = {
        ...base,
        async setup(ctx: Parameters<typeof base.setup>[0]) {
          writeFileSync(ctx.path('list.txt'), 'an older list\n');
          await base.setup(ctx);
        },
        async check(ctx: Parameters<typeof base.check>[0]) {
          held = readFileSync(ctx.path('list.txt'), 'utf8');
          return { passed: false, detail: held };
        },
      };
      const replay = await runTask(fileExists, { cache: new ActionCache({ store: new FileActionCacheStore(folder), heal: false }), finishCheck: false });
      expect(replay.modelCalls).toBe(0);
      expect(replay.error ?? replay.detail).toMatch(/ACTION_CACHE_DIVERGED|cannot go on by itself/);
      expect(replay.error ?? replay.detail).toContain('EFFECT_DIFFERS');
      // GTK's "replace?" dialog was left unanswered: the older file is as it was
      expect(held).toBe('an older list\n');
    },
  );
});
