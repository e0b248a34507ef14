import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionFactory, SessionPool, type RunnableSession } from '../src/index.js';
import { app, click, host, selectCalc, SlowModel, TempDirs } from './helpers.js';

const dirs = new TempDirs();
afterEach(() => dirs.cleanup());

describe('batch', () => {
  it('runs one session per request file with bounded concurrency; a rerun skips the finished ones', async () => {
    const folder = dirs.make('ufo-batch-');
    writeFileSync(join(folder, 'a.json'), JSON.stringify({ request: 'open the calculator', task: 'task-a' }));
    writeFileSync(join(folder, 'b.json'), JSON.stringify({ request: 'open the mail' }));
    writeFileSync(join(folder, 'c.json'), JSON.stringify({ requets: 'typo' }));
    writeFileSync(join(folder, 'd.json'), JSON.stringify({ object: 'Calculator', steps: ['type 1'] }));
    // a and b: the host finishes at once; d: a plan of one step
    const model = new SlowModel(
      new ScriptedModel({
        replies: [
          host('FINISH', { result: 'done' }),
          host('FINISH', { result: 'done' }),
          selectCalc('ready'),
          app([], { status: 'FINISH' }),
          app([click('1', 'FINISH')]),
        ],
      }),
      30,
    );
    const opened: string[] = [];
    const factory = new SessionFactory({
      models: { HOST_AGENT: model },
      dispatcher: (task) => {
        opened.push(task);
        return createFakeDesktopDispatcher().dispatcher;
      },
      interactor: new ProgrammaticInteractor(),
      logRoot: dirs.make(),
    });
    let active = 0;
    let maxActive = 0;
    const batch = factory.createBatch({
      folder,
      platform: 'windows',
      concurrency: 2,
      onTaskStart: () => (maxActive = Math.max(maxActive, ++active)),
      onTaskEnd: () => active--,
    });
    const first = await batch.run();
    expect(first.ran.map((r) => [r.file, r.result.outcome?.status ?? r.result.error?.code])).toEqual([
      ['a.json', 'completed'],
      ['b.json', 'completed'],
      ['c.json', 'REQUEST_FILE_INVALID'],
      ['d.json', 'completed'],
    ]);
    expect(maxActive).toBe(2);
    expect(opened.sort()).toEqual(['b', 'd', 'task-a']);
    const status = JSON.parse(readFileSync(join(folder, 'tasks_status.json'), 'utf8'));
    expect(Object.fromEntries(Object.entries(status).map(([k, v]: [string, any]) => [k, [v.status, v.finished]]))).toEqual({
      'a.json': ['completed', true],
      'b.json': ['completed', true],
      'c.json': ['invalid', false],
      'd.json': ['completed', true],
    });
    expect(status['c.json'].error).toContain('a request file needs "request"');

    // fix the broken file and rerun: only it runs
    writeFileSync(join(folder, 'c.json'), JSON.stringify({ request: 'third' }));
    const rerunModel = new ScriptedModel({ replies: [host('FINISH', { result: 'third done' })] });
    const rerun = await new SessionFactory({
      models: { HOST_AGENT: rerunModel },
      dispatcher: () => createFakeDesktopDispatcher().dispatcher,
      interactor: new ProgrammaticInteractor(),
      logRoot: dirs.make(),
    })
      .createBatch({ folder, platform: 'windows' })
      .run();
    expect(rerun.skipped).toEqual(['a.json', 'b.json', 'd.json']);
    expect(rerun.ran.map((r) => [r.file, r.result.outcome?.rounds[0]?.result])).toEqual([['c.json', 'third done']]);
    expect(JSON.parse(readFileSync(join(folder, 'tasks_status.json'), 'utf8'))['c.json'].finished).toBe(true);
  });
});

describe('SessionPool', () => {
  it('keeps at most `concurrency` sessions running, returns results in job order, and isolates failures', async () => {
    let running = 0;
    let peak = 0;
    const job =
      (task: string, ms: number, fail = false): (() => RunnableSession) =>
      () => ({
        task,
        cancel: () => undefined,
        run: async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, ms));
          running--;
          if (fail) throw new Error(`${task} broke`);
          return { task } as never;
        },
      });
    const results = await new SessionPool({ concurrency: 3 }).run([
      job('a', 40),
      job('b', 5),
      job('c', 20, true),
      job('d', 5),
      job('e', 5),
      () => {
        throw new Error('cannot create');
      },
    ]);
    expect(peak).toBe(3);
    expect(results.map((r) => r.outcome?.task ?? r.error?.message)).toEqual(['a', 'b', 'c broke', 'd', 'e', 'cannot create']);
  });

  it('cancel skips the jobs that have not started and cancels the running ones', async () => {
    const cancelled: string[] = [];
    const pool = new SessionPool({ concurrency: 1 });
    const job = (task: string): RunnableSession => ({
      task,
      cancel: () => cancelled.push(task),
      run: async () => {
        pool.cancel('stop');
        return { task } as never;
      },
    });
    const results = await pool.run([job('a'), job('b')]);
    expect(cancelled).toEqual(['a']);
    expect(results.map((r) => (r.skipped ? 'skipped' : r.task))).toEqual(['a', 'skipped']);
  });
});
