import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '@ufo-ts/core';
import { formatResultsTable, evalReport, EvalReportSchema } from '../../src/run/eval-report.js';
import { selectTasks } from '../../src/run/run-suite.js';
import { fileHolds, iniValue, readUntil, someControlShows } from '../../src/tasks/checks.js';
import { TASKS } from '../../src/tasks/index.js';

const dir = mkdtempSync(join(tmpdir(), 'task-suite-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkers', () => {
  it('fileHolds reads the file on disk', () => {
    const path = join(dir, 'a.txt');
    expect(fileHolds(path, 'x').passed).toBe(false);
    writeFileSync(path, 'hello\n');
    expect(fileHolds(path, 'hello')).toMatchObject({ passed: true });
    expect(fileHolds(path, 'hell')).toMatchObject({ passed: false, detail: expect.stringContaining('expected "hell"') });
  });

  it('iniValue reads a key, optionally within a section', () => {
    const text = '[org/a]\nshow=false\n[org/b]\nshow=true\nsize = 3\n';
    expect(iniValue(text, 'show')).toBe('false');
    expect(iniValue(text, 'show', 'org/b')).toBe('true');
    expect(iniValue(text, 'size')).toBe('3');
    expect(iniValue(text, 'missing')).toBeUndefined();
  });

  it('someControlShows looks at the text controls', () => {
    const controls = [
      { id: 'a1', role: 'text', name: '', text: ' 408 ' },
      { id: 'a2', role: 'push button', name: '4' },
    ];
    expect(someControlShows(controls, '408').passed).toBe(true);
    expect(someControlShows(controls, '4').passed).toBe(false);
  });

  it('readUntil returns as soon as the value is accepted, else the last value at the deadline', async () => {
    let n = 0;
    expect(
      await readUntil(
        () => ++n,
        (v) => v >= 3,
        5000,
      ),
    ).toBe(3);
    const started = Date.now();
    expect(
      await readUntil(
        () => 'no',
        (v) => v === 'yes',
        300,
      ),
    ).toBe('no');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('readUntil measures its deadline on the clock it is given', async () => {
    let reads = 0;
    let monotonic = 0;
    // every reading of the clock is ten seconds later: the 5 s deadline has passed at the first check
    const hurried: Clock = { ...systemClock, monotonic: () => (monotonic += 10_000) };
    expect(
      await readUntil(
        () => (reads++, 'no'),
        (v) => v === 'yes',
        5000,
        hurried,
      ),
    ).toBe('no');
    expect(reads).toBe(1);
  });
});

describe('the suite', () => {
  it('has at least 14 tasks on at least 6 apps, GTK 3, GTK 4 and Qt among them, with unique ids', () => {
    expect(TASKS.length).toBeGreaterThanOrEqual(14);
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(TASKS.length);
    const apps = new Set(TASKS.flatMap((t) => t.app.split(' + ')));
    expect(apps.size).toBeGreaterThanOrEqual(6);
    expect(new Set(TASKS.map((t) => t.toolkit))).toEqual(new Set(['GTK 3', 'GTK 4', 'Qt 5']));
  });

  it('selectTasks keeps the suite order and refuses unknown ids', () => {
    expect(selectTasks(['galculator-clicks', 'mousepad-save-as']).map((t) => t.id)).toEqual(['mousepad-save-as', 'galculator-clicks']);
    expect(() => selectTasks(['nope'])).toThrow(/unknown task id\(s\): nope/);
  });

  it('reports a table and the JSON the issue asks for', () => {
    const results = [
      {
        id: 'a',
        app: 'mousepad',
        toolkit: 'GTK 3',
        passed: true,
        steps: 3,
        ms: 1200,
        cost: 0,
        detail: 'ok',
        run: 1,
        modelCalls: 3,
        stopReason: 'finished' as const,
        noProgressEvents: 0,
        finishChecks: { made: 1, failed: 0 },
      },
      {
        ...{ id: 'b', app: 'zenity', toolkit: 'GTK 3', passed: false, steps: 5, ms: 800, cost: 0.01, detail: 'bad', error: 'missing', run: 1, modelCalls: 5 },
        ...{
          stopReason: 'no_progress' as const,
          noProgressEvents: 3,
          finishChecks: { made: 0, failed: 0 },
          noProgress: { detection: 'repeated_no_effect', cause: 'disabled' as const, step: 4 },
        },
      },
    ];
    const table = formatResultsTable(results, { b: 'a known bug' });
    expect(table).toMatch(/^task\s+app\s+result\s+steps\s+time\s+cost\s+calls\s+stop/);
    expect(table).toContain('no_progress');
    expect(table).toContain('FAIL (known)');
    expect(table).toContain('passed 1/2 (50%)');
    const report = EvalReportSchema.parse(evalReport(results, 'grounded'));
    expect(report.tasks[0]).toMatchObject({
      id: 'a',
      app: 'mousepad',
      passed: true,
      steps: 3,
      ms: 1200,
      modelCalls: 3,
      stopReason: 'finished',
      noProgressEvents: 0,
    });
    expect(report.tasks[1]).toMatchObject({
      stopReason: 'no_progress',
      noProgressEvents: 3,
      noProgress: { detection: 'repeated_no_effect', cause: 'disabled', step: 4 },
    });
    expect(report.successRate).toBe(0.5);
  });
});
