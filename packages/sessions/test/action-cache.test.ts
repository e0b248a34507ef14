import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StepRecordSchema, type StepRecordInput } from '@ufo-ts/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cacheKey,
  cacheKeyParts,
  CachedRunSchema,
  fillTemplate,
  fillValues,
  FileActionCacheStore,
  normalizeRequest,
  recordSteps,
  SessionError,
  toTemplate,
  type CachedRun,
} from '../src/index.js';

const FILE = '/tmp/ufo-task/q3.ods';
const WINDOW = { app: 'soffice', title: 'q3.ods - LibreOffice Calc' };

describe('variables', () => {
  it('become placeholders (longest value first) and are filled back', () => {
    const variables = { file: FILE, dir: '/tmp/ufo-task', name: 'q3' };
    const template = toTemplate(`open ${FILE} from /tmp/ufo-task and rename q3`, variables);
    expect(template).toBe('open {{file}} from {{dir}} and rename {{name}}');
    expect(fillTemplate(template, variables)).toBe(`open ${FILE} from /tmp/ufo-task and rename q3`);
    expect(fillValues({ text: '{{name}}.csv', list: ['{{dir}}'], n: 3 }, variables)).toEqual({ text: 'q3.csv', list: ['/tmp/ufo-task'], n: 3 });
  });

  it('a placeholder with no value is a typed error, never an empty hole', () => {
    const error = (() => {
      try {
        fillTemplate('save as {{file}}', {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ code: 'ACTION_CACHE_VARIABLE_MISSING', details: { variable: 'file' } });
  });
});

describe('the cache key', () => {
  it('is the same for the same request in other words of spacing, case, full stop and variable values', () => {
    const a = cacheKey(cacheKeyParts(`Sum column B of ${FILE}.`, { file: FILE }, WINDOW));
    const b = cacheKey(
      cacheKeyParts('sum  column b of /home/me/other.ods', { file: '/home/me/other.ods' }, { app: 'soffice', title: 'q3.ods - LibreOffice Calc' }),
    );
    expect(normalizeRequest(`Sum column B of ${FILE}.`, { file: FILE })).toBe('sum column b of {{file}}');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });

  it('differs for another request, another app, another starting window or other declared variables', () => {
    const base = cacheKey(cacheKeyParts('sum column B', {}, WINDOW));
    expect(cacheKey(cacheKeyParts('sum column C', {}, WINDOW))).not.toBe(base);
    expect(cacheKey(cacheKeyParts('sum column B', {}, { ...WINDOW, app: 'gnumeric' }))).not.toBe(base);
    expect(cacheKey(cacheKeyParts('sum column B', {}, { ...WINDOW, title: 'Untitled 1 - LibreOffice Calc' }))).not.toBe(base);
    expect(cacheKey(cacheKeyParts('sum column B', { sheet: 'Sheet1' }, WINDOW))).not.toBe(base);
  });
});

// One step as response.log writes it (the shape of bench/results/eval-office-idle-logs/*/response.log): a click on
// a text field, a key whose effect was none, a call that failed, and a call to another MCP server's tool.
const RECORDS: StepRecordInput[] = [
  {
    agent: 'LinuxAgent',
    agent_kind: 'app',
    state: 'CONTINUE',
    status: 'CONTINUE',
    session_step: 0,
    round_step: 0,
    round_num: 0,
    cost: null,
    time: '2026-11-28T19:00:00.000Z',
    actions: [
      {
        function: 'click_input',
        arguments: { id: 'a46', name: 'Name Box' },
        status: 'CONTINUE',
        result: {
          status: 'success',
          namespace: 'linux',
          call_id: 'call-1',
          result: {
            id: 'a46',
            name: 'Name Box',
            role: 'text',
            method: 'pointer',
            effect: { changed: true, changes: ['a46 (text "Name Box") states: +focused'] },
          },
        },
      },
      {
        function: 'keyboard_input',
        arguments: { keys: 'ctrl+a' },
        result: {
          status: 'success',
          namespace: 'linux',
          call_id: 'call-2',
          result: { keys: ['ctrl+a'], effect: { changed: false, changes: ['no visible change within 400 ms'] } },
        },
      },
      {
        function: 'click_input',
        arguments: { id: 'a9' },
        result: { status: 'failure', namespace: 'linux', call_id: 'call-3', error: 'CONTROL_VANISHED: a9 is gone' },
      },
      {
        function: 'files__write_file',
        arguments: { path: `${FILE}.csv`, content: 'a,b' },
        result: { status: 'success', namespace: 'files', call_id: 'call-4', result: { written: 3 } },
      },
    ],
  },
];

describe('recordSteps', () => {
  it("keeps every call that succeeded, any server's; a control by role and name, never its id; variables as placeholders", () => {
    const steps = recordSteps(
      RECORDS.map((r) => StepRecordSchema.parse(r)),
      { file: FILE },
    );
    expect(steps).toEqual([
      {
        function: 'click_input',
        arguments: { name: 'Name Box' },
        target: { role: 'text', name: 'Name Box' },
        effect: { changed: true, changes: ['a46 (text "Name Box") states: +focused'] },
      },
      { function: 'keyboard_input', arguments: { keys: 'ctrl+a' }, effect: { changed: false, changes: ['no visible change within 400 ms'] } },
      { function: 'files__write_file', arguments: { path: '{{file}}.csv', content: 'a,b' } },
    ]);
  });

  it("an unnamed field by role and the label its tool reported; a window by its title; an `id` a tool did not describe stays an argument (another server's id)", () => {
    const ok = (result: unknown) => ({ status: 'success' as const, namespace: 'linux', call_id: 'c', result });
    const record = StepRecordSchema.parse({
      ...RECORDS[0],
      actions: [
        {
          function: 'select_application_window',
          arguments: { id: '0x3a00004', name: '' },
          result: ok({ root_name: 'mousepad', title: `${FILE}.txt - Mousepad`, pid: 7 }),
        },
        {
          function: 'set_edit_text',
          arguments: { id: 'b1', text: `${FILE}.txt` },
          result: ok({ id: 'b1', role: 'text', name: '', label: 'Name:', method: 'editable_text', effect: { changed: true, changes: [] } }),
        },
        { function: 'tickets__close', arguments: { id: '4711' }, result: ok({ closed: true }) },
      ],
    });
    expect(recordSteps([record], { file: FILE })).toEqual([
      { function: 'select_application_window', arguments: { name: '' }, target: { role: 'window', name: '{{file}}.txt - Mousepad' } },
      {
        function: 'set_edit_text',
        arguments: { text: '{{file}}.txt' },
        target: { role: 'text', name: '', label: 'Name:' },
        effect: { changed: true, changes: [] },
      },
      { function: 'tickets__close', arguments: { id: '4711' } },
    ]);
  });

  it("describes a control as the step's prompt listed it: which of several unnamed look-alikes, and of how many", () => {
    const ok = (result: unknown) => ({ status: 'success' as const, namespace: 'linux', call_id: 'c', result });
    const record = StepRecordSchema.parse({
      ...RECORDS[0],
      session_step: 4,
      actions: [
        {
          function: 'type_text',
          arguments: { id: 'a7', text: 'hello' },
          result: ok({ typed: 5, role: 'text', name: '', effect: { changed: true, changes: [] } }),
        },
      ],
    });
    const listing = [
      { id: 'a5', type: 'text', name: '' },
      { id: 'a6', type: 'push button', name: 'OK' },
      { id: 'a7', type: 'text', name: '' },
    ];
    expect(recordSteps([record], {}, (step) => (step === 4 ? listing : undefined))[0]).toMatchObject({
      arguments: { text: 'hello' },
      target: { role: 'text', name: '', nth: 2, of: 2 },
    });
    // without the listing: as the tool reported it (a replay finds two alike and asks the model, never guesses)
    expect(recordSteps([record])[0]!.target).toEqual({ role: 'text', name: '' });
  });
});

describe('FileActionCacheStore', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const store = () => {
    const folder = mkdtempSync(join(tmpdir(), 'ufo-action-cache-'));
    folders.push(folder);
    return new FileActionCacheStore(join(folder, 'cache'));
  };
  const run = (request: string, updatedAt = '2026-11-28T19:00:00.000Z'): CachedRun => {
    const parts = cacheKeyParts(request, { file: FILE }, WINDOW);
    return CachedRunSchema.parse({
      key: cacheKey(parts),
      parts,
      steps: recordSteps(
        RECORDS.map((r) => StepRecordSchema.parse(r)),
        { file: FILE },
      ),
      createdAt: updatedAt,
      updatedAt,
    });
  };

  it('writes, reads, lists (oldest update first), deletes and clears entries; an empty store has none', async () => {
    const cache = store();
    expect(await cache.list()).toEqual([]);
    const a = run('sum column B of the sheet', '2026-11-28T19:00:02.000Z');
    const b = run('bold the header row', '2026-11-28T19:00:01.000Z');
    await cache.put(a);
    await cache.put(b);
    expect(await cache.get(a.key)).toEqual(a);
    expect((await cache.list()).map((r) => r.key)).toEqual([b.key, a.key]);
    await cache.put({ ...a, hits: 2, updatedAt: '2026-11-28T19:00:03.000Z' });
    expect((await cache.get(a.key))?.hits).toBe(2);
    expect(readdirSync(cache.folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await cache.delete(a.key)).toBe(true);
    expect(await cache.delete(a.key)).toBe(false);
    expect(await cache.get(a.key)).toBeUndefined();
    expect(await cache.clear()).toBe(1);
    expect(await cache.list()).toEqual([]);
  });

  it('an entry that is not a cached run is a typed error naming its file, never a run with holes', async () => {
    const cache = store();
    const a = run('sum column B');
    await cache.put(a);
    const path = join(cache.folder, `${a.key}.json`);
    for (const [content, says] of [
      ['{"key": ', 'is not JSON'],
      [JSON.stringify({ ...a, steps: [{ arguments: {} }] }), 'steps.0.function'],
      [JSON.stringify({ ...a, key: 'f'.repeat(64) }), 'not its file'],
    ] as const) {
      writeFileSync(path, content);
      await expect(cache.get(a.key)).rejects.toMatchObject({ code: 'ACTION_CACHE_INVALID', message: expect.stringContaining(says), details: { path } });
    }
  });

  it('asks for nothing outside its folder: a key that is not a hash finds nothing', async () => {
    const cache = store();
    expect(await cache.get('../../etc/passwd')).toBeUndefined();
    expect(await cache.delete('../x')).toBe(false);
  });
});
