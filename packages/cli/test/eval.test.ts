import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalReportSchema, PERCEPTION_TASKS, TASKS, TRAP_TASKS, missingPrograms, officeTasks } from '@ufo-ts/task-suite';
import { afterAll, describe, expect, it } from 'vitest';
import { evalModelFromEnv, suiteTasks, tasksFromDir } from '../src/session-commands/eval-impl.js';
import { runCli, type CliIo } from '../src/index.js';

function io(env: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const capture = {
    out: '',
    err: '',
    env,
    signal: new AbortController().signal,
    stdout: (text: string) => void (capture.out += text),
    stderr: (text: string) => void (capture.err += text),
  };
  return capture;
}

/** Xvfb and galculator are installed (the set-up installs them; a bare machine skips the real-app run). */
function desktopAvailable(): boolean {
  const task = TASKS.find((t) => t.id === 'galculator-clicks');
  return task !== undefined && missingPrograms(task).length === 0 && spawnSync('sh', ['-c', 'command -v Xvfb']).status === 0;
}

describe('ufo eval', () => {
  it('lists the tasks of the suite', async () => {
    const list = io();
    expect(await runCli(['eval', '--list'], list)).toBe(0);
    expect(list.out).toMatch(/^mousepad-save-as\s+mousepad \(GTK 3\)/m);
    expect(list.out).toMatch(/featherpad-save-as\s+featherpad \(Qt 5\)/);
  });

  it('--suite names the core, trap and perception tasks, and all of them', async () => {
    expect(suiteTasks(undefined)).toBe(TASKS);
    expect(suiteTasks('traps')).toBe(TRAP_TASKS);
    expect(suiteTasks('perception')).toBe(PERCEPTION_TASKS);
    expect(suiteTasks('all').map((t) => t.id)).toEqual([...TASKS, ...TRAP_TASKS, ...PERCEPTION_TASKS, ...officeTasks()].map((t) => t.id));
    expect(() => suiteTasks('drawn')).toThrow(/--suite must be one of core, traps, perception, office, all/);
    const list = io();
    expect(await runCli(['eval', '--suite', 'perception', '--list'], list)).toBe(0);
    expect(list.out).toMatch(/^xcalc-add\s+xcalc \(X toolkit\)/m);
    expect(list.out).toMatch(/tk-order-form\s+wish \(Tk order form\) \(Tk\)/);
  });

  it('refuses an unknown task id or a bad count as usage errors (exit 2)', async () => {
    const unknown = io();
    expect(await runCli(['eval', '--tasks', 'no-such-task'], unknown)).toBe(2);
    expect(unknown.err).toContain('unknown task id(s): no-such-task');
    const runs = io();
    expect(await runCli(['eval', '--runs', 'x'], runs)).toBe(2);
    expect(runs.err).toContain('--runs must be a non-negative integer');
  });

  it('takes the model from the environment, the reference solutions without a key', () => {
    expect(evalModelFromEnv({})).toBeUndefined();
    expect(evalModelFromEnv({ OPENAI_API_KEY: 'k' })).toMatchObject({ config: { provider: 'openai', model: 'gpt-4o' } });
    expect(evalModelFromEnv({ ANTHROPIC_API_KEY: 'k', UFO_MODEL: 'claude-x' })).toMatchObject({ config: { provider: 'anthropic', model: 'claude-x' } });
    expect(evalModelFromEnv({ UFO_BASE_URL: 'http://127.0.0.1:11434/v1', UFO_MODEL: 'qwen' })).toMatchObject({
      config: { provider: 'openai-compatible', model: 'qwen' },
    });
    expect(() => evalModelFromEnv({ UFO_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/UFO_MODEL/);
  });

  it.skipIf(!desktopAvailable())('--native-tools runs a task with the agent in native tool mode', { timeout: 120_000 }, async () => {
    const run = io();
    expect(await runCli(['eval', '--tasks', 'galculator-clicks', '--native-tools', '--reference'], run)).toBe(0);
    expect(run.err).toContain('native tool mode');
    expect(run.err).toMatch(/^pass galculator-clicks/m);
  });

  describe('task files (--tasks-dir, --suite office)', () => {
    const root = mkdtempSync(join(tmpdir(), 'ufo-eval-tasks-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const task = (id: string, extra: Record<string, unknown> = {}) => ({
      id,
      app: 'no-app',
      toolkit: 'GTK 3',
      requires: [],
      summary: `the ${id} task`,
      request: 'Say you are done.',
      maxSteps: 3,
      setup: [{ file: 'note.txt', text: 'written by the set-up' }],
      solution: [{ finish: true }],
      check: { check: 'file', path: '{path:note.txt}', contains: ['set-up'] },
      ...extra,
    });
    const folder = (name: string, files: Record<string, unknown>) => {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
      }
      return dir;
    };

    it('--suite office lists the task files the suite ships', async () => {
      const list = io();
      expect(await runCli(['eval', '--suite', 'office', '--list'], list)).toBe(0);
      expect(list.out).toMatch(/^mousepad-note\s+mousepad \(GTK 3\)/m);
      expect(suiteTasks('office').map((t) => t.id)).toEqual(officeTasks().map((t) => t.id));
    });

    it('--tasks-dir lists and selects the task files of a folder', async () => {
      const dir = folder('ok', { 'b/second.task.json': task('second'), 'a/first.task.json': task('first'), 'a/files/readme.json': { not: 'a task' } });
      const list = io();
      expect(await runCli(['eval', '--tasks-dir', dir, '--list'], list)).toBe(0);
      expect(list.out).toMatch(/^first\s+no-app \(GTK 3\): the first task\nsecond\s+/);
      expect(tasksFromDir(dir).map((t) => t.id)).toEqual(['first', 'second']);
      const unknown = io();
      expect(await runCli(['eval', '--tasks-dir', dir, '--tasks', 'third'], unknown)).toBe(2);
      expect(unknown.err).toContain('unknown task id(s): third');
    });

    it('--tasks-dir refuses an invalid file (naming it and the fields), an empty folder, and --suite beside it', async () => {
      const bad = folder('bad', { 'x.task.json': task('x', { maxSteps: 'many', check: { check: 'file' } }) });
      const invalid = io();
      expect(await runCli(['eval', '--tasks-dir', bad, '--list'], invalid)).toBe(2);
      expect(invalid.err).toContain(join(bad, 'x.task.json'));
      expect(invalid.err).toMatch(/maxSteps: .*check\.path/);
      const empty = io();
      expect(await runCli(['eval', '--tasks-dir', folder('empty', {}), '--list'], empty)).toBe(2);
      expect(empty.err).toContain('no *.task.json file under');
      const both = io();
      expect(await runCli(['eval', '--tasks-dir', bad, '--suite', 'core'], both)).toBe(2);
      expect(both.err).toContain('--tasks-dir and --suite cannot be combined');
    });

    it.skipIf(spawnSync('sh', ['-c', 'command -v Xvfb']).status !== 0)(
      '--tasks-dir runs a task file and reports it by app and step budget',
      { timeout: 120_000 },
      async () => {
        const dir = folder('run', { 'first.task.json': task('first') });
        const json = join(root, 'report', 'eval.json');
        const run = io();
        expect(await runCli(['eval', '--tasks-dir', dir, '--reference', '--json', json], run)).toBe(0);
        expect(run.err).toMatch(/^pass first/m);
        expect(run.out).toMatch(/^no-app\s+1\s+1\s+1 \(100%\)\s+1 \(100%\)\s+1 \(100%\)\s+0$/m);
        const report = EvalReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
        expect(report.byApp?.overall).toMatchObject({ runs: 1, passedAt15: 1 });
        expect(report.tasks[0]).toMatchObject({ id: 'first', app: 'no-app', passed: true });
      },
    );
  });
});
