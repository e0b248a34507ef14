// A subset of the office tasks (the JSON task files the package ships) on real apps, played by the grounded
// reference player: one task per app idle, and one LibreOffice task per app while two CPU-bound processes keep both
// cores busy. The checkers read the saved documents back. The whole office suite (every task, five runs idle and
// under load) runs through `ufo eval --suite office`; its results are under bench/results/.
import { checkDesktopAvailability, findExecutable } from '@ufo-ts/platform-linux';
import { describe, expect, it } from 'vitest';
import { officeTasks } from '../../src/json/office-tasks.js';
import { startCpuLoad } from '../../src/run/cpu-load.js';
import { formatResultsTable } from '../../src/run/eval-report.js';
import { runSuite, type SuiteRunResult } from '../../src/run/run-suite.js';

const availability = checkDesktopAvailability([]);
const office = availability.available && findExecutable('soffice') !== undefined;
const describeOffice = office ? describe : describe.skip;
if (!office)
  process.stderr.write(`[task-suite] skipping the office tasks: ${availability.available ? 'LibreOffice (soffice) is not installed' : availability.reason}\n`);

const tasks = officeTasks();

/** One task of each app: Writer, Calc, Impress, and the file manager. */
const IDLE = ['writer-bold-title', 'calc-sum-total', 'impress-retitle', 'thunar-new-folder'];
/** One task of each LibreOffice app, under load. */
const LOADED = ['writer-center-title', 'calc-bold-header', 'impress-delete-slide'];

function expectAllPassed(results: SuiteRunResult[], label: string): void {
  process.stderr.write(`\n[task-suite] office tasks, ${label}\n${formatResultsTable(results)}\n`);
  expect(results.filter((r) => !r.passed).map((r) => `${r.id}: ${r.error ?? r.detail}`)).toEqual([]);
  expect(results.length).toBeGreaterThan(0);
}

describe('the office tasks the package ships', () => {
  it('are at least 30 beside the example, at least 8 on each of Writer, Calc and Impress, on at least 5 apps', () => {
    const office = tasks.filter((t) => t.group === 'office' && !t.id.startsWith('mousepad-'));
    const perApp = (app: string) => office.filter((t) => t.app === app).length;
    expect(office.length).toBeGreaterThanOrEqual(30);
    for (const app of ['libreoffice-writer', 'libreoffice-calc', 'libreoffice-impress']) expect(perApp(app), app).toBeGreaterThanOrEqual(8);
    expect(new Set(office.map((t) => t.app)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    for (const id of [...IDLE, ...LOADED])
      expect(
        tasks.some((t) => t.id === id),
        id,
      ).toBe(true);
  });
});

describeOffice('office tasks on real apps', () => {
  it('one task per app passes on an idle machine', { timeout: 900_000 }, async () => {
    expectAllPassed(await runSuite({ tasks, ids: IDLE }), 'idle machine');
  });

  it('one task per LibreOffice app passes while two CPU-bound processes keep both cores busy', { timeout: 1_200_000 }, async () => {
    const load = startCpuLoad(2);
    try {
      expectAllPassed(await runSuite({ tasks, ids: LOADED }), 'two CPU-bound processes running');
    } finally {
      await load.stop();
    }
  });
});
