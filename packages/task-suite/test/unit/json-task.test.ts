import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TaskSuiteError } from '../../src/errors.js';
import { JsonTaskSchema } from '../../src/json/json-task-schema.js';
import { findTaskFiles, jsonTask, loadJsonTask, loadJsonTasks } from '../../src/json/load-json-task.js';
import { officeTasks, officeTasksFolder } from '../../src/json/office-tasks.js';
import { placeholderProblems, substitute, substituteDeep } from '../../src/json/placeholders.js';
import { fixturePath, runSetupSteps } from '../../src/json/setup-steps.js';
import type { TaskWorkspace } from '../../src/task.js';

const root = mkdtempSync(join(tmpdir(), 'json-task-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const VALID = {
  id: 'writer-bold-title',
  app: 'libreoffice-writer',
  toolkit: 'VCL',
  requires: ['soffice'],
  summary: 'make a title bold',
  request: 'Make the title of {path:report.odt} bold and save it.',
  maxSteps: 15,
  setup: [
    { file: 'report.odt', from: 'files/report.odt' },
    { launch: 'soffice', args: ['--writer', '{path:report.odt}'], window: 'report.odt' },
  ],
  solution: [{ keys: 'ctrl+b' }, { finish: true }],
  check: { check: 'document', path: '{path:report.odt}', paragraphs: [{ index: 1, bold: true }] },
};

function writeTask(folder: string, name: string, content: unknown): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** A context with no desktop behind it (for set-up steps that only write files or run programs). */
function fakeContext(dir: string, env: Record<string, string> = {}): TaskWorkspace {
  return {
    dir,
    desktop: { env: { ...process.env, ...env } } as unknown as TaskWorkspace['desktop'],
    path: (rel) => join(dir, rel),
    launch: () => Promise.reject(new Error('no desktop')),
    apps: [],
    controls: () => Promise.resolve([]),
    closeWindow: () => Promise.resolve(),
    state: new Map(),
  };
}

describe('placeholders', () => {
  const values = { dir: '/t', config: '/c', home: '/h' };
  it('substitutes {dir}, {path:…}, {config} and {home}, and leaves other braces alone', () => {
    expect(substitute('{dir} {path:a/b.odt} {config}/x {home}', values)).toBe('/t /t/a/b.odt /c/x /h');
    expect(substitute('type { } and {"a": 1}', values)).toBe('type { } and {"a": 1}');
    expect(substituteDeep({ a: ['{dir}', 3, { b: '{path:x}' }] }, values)).toEqual({ a: ['/t', 3, { b: '/t/x' }] });
  });
  it('names unknown placeholders and a path without its argument', () => {
    expect(placeholderProblems('{tmp}/a')).toEqual([expect.stringContaining('unknown placeholder {tmp}')]);
    expect(placeholderProblems('{path:}')).toEqual([expect.stringContaining('needs a relative path')]);
    expect(placeholderProblems('{dir:x}')).toEqual([expect.stringContaining('takes no argument')]);
    expect(placeholderProblems('{path:a.txt} {home}')).toEqual([]);
  });
});

describe('loadJsonTask', () => {
  it('builds a desktop task whose request, solution and checker have their placeholders substituted', () => {
    const folder = join(root, 'valid');
    const task = loadJsonTask(writeTask(folder, 'writer-bold-title.task.json', VALID));
    expect(task).toMatchObject({ id: 'writer-bold-title', app: 'libreoffice-writer', toolkit: 'VCL', group: 'office', maxSteps: 15, requires: ['soffice'] });
    const ctx = fakeContext('/tmp/run', { XDG_CONFIG_HOME: '/cfg', HOME: '/home/x' });
    expect(task.request(ctx)).toBe('Make the title of /tmp/run/report.odt bold and save it.');
    expect(task.solution(ctx)).toEqual([{ keys: 'ctrl+b' }, { finish: true }]);
    expect(task.json.check).toMatchObject({ check: 'document' });
  });

  it('refuses invalid JSON, a schema mismatch, an unknown placeholder and an escaping fixture with TASK_FILE_INVALID naming the file', () => {
    const folder = join(root, 'invalid');
    const cases: Array<[string, unknown, RegExp]> = [
      ['not-json.task.json', '{ "id": ', /not-json\.task\.json: not JSON/],
      ['bad-id.task.json', { ...VALID, id: 'Bad Id' }, /bad-id\.task\.json: not a valid task: id: a kebab-case id/],
      ['bad-check.task.json', { ...VALID, check: { check: 'sheet', path: 'x', cells: { B5: { value: 1, colour: 'red' } } } }, /check\.cells\.B5/],
      ['bad-step.task.json', { ...VALID, setup: [{ wait: 60 }] }, /setup\.0/],
      ['missing.task.json', { ...VALID, request: undefined }, /request/],
      ['placeholder.task.json', { ...VALID, request: 'save in {tmp}' }, /request: unknown placeholder \{tmp\}/],
      ['escape.task.json', { ...VALID, setup: [{ file: 'a', from: '../outside.odt' }] }, /setup\.0\.from: fixture "\.\.\/outside\.odt" is outside/],
    ];
    for (const [name, content, message] of cases) {
      const file = writeTask(folder, name, content);
      let error: unknown;
      try {
        loadJsonTask(file);
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(TaskSuiteError);
      expect((error as TaskSuiteError).code).toBe('TASK_FILE_INVALID');
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('accepts every toolkit and the optional fields, and ignores $schema', () => {
    for (const toolkit of ['GTK 3', 'GTK 4', 'Qt 5', 'X toolkit', 'Tk', 'VCL']) expect(JsonTaskSchema.safeParse({ ...VALID, toolkit }).success).toBe(true);
    const task = jsonTask({ ...VALID, $schema: '../task.schema.json', group: 'core', env: { SAL_USE_VCLPLUGIN: 'gtk3' } }, join(root, 'x.task.json'));
    expect(task).toMatchObject({ group: 'core', env: { SAL_USE_VCLPLUGIN: 'gtk3' } });
  });
});

describe('loadJsonTasks', () => {
  it('loads every *.task.json at any depth, sorted by path', () => {
    const folder = join(root, 'many');
    writeTask(join(folder, 'calc'), 'b.task.json', { ...VALID, id: 'calc-b' });
    writeTask(join(folder, 'calc'), 'a.task.json', { ...VALID, id: 'calc-a' });
    writeTask(join(folder, 'writer', 'deep'), 'z.task.json', { ...VALID, id: 'writer-z' });
    writeTask(join(folder, 'writer', 'files'), 'notes.json', { not: 'a task' });
    expect(findTaskFiles(folder).map((f) => f.slice(folder.length + 1))).toEqual(['calc/a.task.json', 'calc/b.task.json', 'writer/deep/z.task.json']);
    expect(loadJsonTasks(folder).map((t) => t.id)).toEqual(['calc-a', 'calc-b', 'writer-z']);
  });

  it('refuses two files with the same id (TASK_ID_DUPLICATE) and a missing folder (TASK_FILE_INVALID)', () => {
    const folder = join(root, 'dup');
    writeTask(folder, 'one.task.json', VALID);
    writeTask(folder, 'two.task.json', VALID);
    expect(() => loadJsonTasks(folder)).toThrow(
      expect.objectContaining({ code: 'TASK_ID_DUPLICATE', message: expect.stringMatching(/writer-bold-title.*one\.task\.json.*two\.task\.json/) }),
    );
    expect(() => loadJsonTasks(join(root, 'no-such-folder'))).toThrow(expect.objectContaining({ code: 'TASK_FILE_INVALID' }));
  });

  it('officeTasks loads the task files shipped in the package folder', () => {
    expect(officeTasksFolder()).toBe(join(__dirname, '..', '..', 'tasks'));
    const tasks = officeTasks();
    expect(tasks.map((t) => t.id)).toContain('mousepad-note');
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
  });

  const dist = join(__dirname, '..', '..', 'dist');
  it.skipIf(!existsSync(join(dist, 'index.js')))('officeTasks finds the tasks folder from the built ES module and CommonJS entries', () => {
    const expected = join(__dirname, '..', '..', 'tasks');
    const esm = `import(${JSON.stringify(join(dist, 'index.js'))}).then((m) => console.log(m.officeTasksFolder(), m.officeTasks().length))`;
    const cjs = `const m = require(${JSON.stringify(join(dist, 'index.cjs'))}); console.log(m.officeTasksFolder(), m.officeTasks().length)`;
    for (const [flag, code] of [
      ['--input-type=module', esm],
      ['--input-type=commonjs', cjs],
    ] as const) {
      const [folder, count] = execFileSync(process.execPath, [flag, '-e', code], { encoding: 'utf8', cwd: tmpdir() }).trim().split(' ');
      expect(folder).toBe(expected);
      expect(Number(count)).toBeGreaterThan(0);
    }
  });
});

describe('set-up steps', () => {
  it('writes files and settings, copies fixtures, runs programs and waits, in order', async () => {
    const taskFolder = join(root, 'setup-task');
    writeTask(join(taskFolder, 'files'), 'fixture.txt', 'fixture text');
    const dir = join(root, 'setup-run');
    const config = join(root, 'setup-config');
    mkdirSync(dir, { recursive: true });
    const ctx = fakeContext(dir, { XDG_CONFIG_HOME: config });
    await runSetupSteps(
      [
        { file: 'sub/a.txt', text: 'saved in {dir}' },
        { file: 'copy/fixture.txt', from: 'files/fixture.txt' },
        { settings: 'app/app.conf', text: '[General]\ntabPosition=0\n' },
        { run: 'sh', args: ['-c', 'printf "%s" "$XDG_CONFIG_HOME" > ran.txt'] },
        { wait: 0.05 },
      ],
      ctx,
      { taskFolder, id: 'setup-task' },
    );
    expect(readFileSync(join(dir, 'sub/a.txt'), 'utf8')).toBe(`saved in ${dir}`);
    expect(readFileSync(join(dir, 'copy/fixture.txt'), 'utf8')).toBe('fixture text');
    expect(readFileSync(join(config, 'app/app.conf'), 'utf8')).toContain('tabPosition=0');
    expect(readFileSync(join(dir, 'ran.txt'), 'utf8')).toBe(config);
  });

  it('fails a program that exits non-zero with its stderr tail, and a missing fixture', async () => {
    const dir = join(root, 'setup-fail');
    mkdirSync(dir, { recursive: true });
    const ctx = fakeContext(dir);
    await expect(runSetupSteps([{ run: 'sh', args: ['-c', 'echo broken >&2; exit 3'] }], ctx, { taskFolder: root, id: 't' })).rejects.toThrow(
      /set-up step 1 \(run sh\): sh exited with 3: broken/,
    );
    await expect(runSetupSteps([{ file: 'a', from: 'files/none.odt' }], ctx, { taskFolder: root, id: 't' })).rejects.toThrow(/does not exist/);
    expect(() => fixturePath(root, '/etc/passwd')).toThrow(/outside/);
  });
});
