import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckerSchema, type Checker } from '../../src/checkers/checker-schema.js';
import { csvRows } from '../../src/checkers/file-checks.js';
import { runChecker } from '../../src/checkers/run-checker.js';
import { jsonSettingValue } from '../../src/checkers/settings-check.js';
import type { CheckedControl, TaskWorkspace } from '../../src/task.js';

const dir = mkdtempSync(join(tmpdir(), 'basic-checkers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONTROLS: CheckedControl[] = [
  { id: 'a1', role: 'label', name: 'Status', text: 'Saved to disk' },
  { id: 'a2', role: 'check box', name: 'Show line numbers', states: ['enabled', 'checked'] },
  { id: 'a3', role: 'push button', name: 'Save…' },
];
const windowsAsked: Array<string | undefined> = [];
const ctx = {
  controls: (title?: string) => (windowsAsked.push(title), Promise.resolve(CONTROLS)),
} as unknown as TaskWorkspace;
const check = (checker: Checker, retryMs = 0) => runChecker(CheckerSchema.parse(checker), ctx, { retryMs });

function write(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

describe('file checker', () => {
  it('a folder counts for exists (a file manager task), and is not a file with text', async () => {
    const folder = join(dir, 'Invoices 2026');
    mkdirSync(folder, { recursive: true });
    expect(await check({ check: 'file', path: folder })).toEqual({ passed: true, detail: `${folder} exists (a folder)` });
    expect(await check({ check: 'file', path: folder, exists: false })).toMatchObject({ passed: false, detail: expect.stringContaining('it is a folder') });
    expect(await check({ check: 'file', path: folder, contains: ['x'] })).toMatchObject({ passed: false, detail: expect.stringContaining('is a folder') });
    expect(await check({ check: 'file', path: join(dir, 'absent folder'), exists: false })).toMatchObject({ passed: true });
  });

  it('exists, contains, notContains, equals — and says what the file holds', async () => {
    const path = write('note.txt', 'Meeting at 10: budget review\n');
    expect(await check({ check: 'file', path, equals: 'Meeting at 10: budget review' })).toEqual({
      passed: true,
      detail: `${path} holds "Meeting at 10: budget review\\n"`,
    });
    expect(await check({ check: 'file', path, contains: ['budget'], notContains: ['lunch'] })).toMatchObject({ passed: true });
    expect(await check({ check: 'file', path, contains: ['lunch'] })).toMatchObject({ passed: false, detail: expect.stringContaining('lacks "lunch"') });
    expect(await check({ check: 'file', path, notContains: ['budget'] })).toMatchObject({ passed: false, detail: expect.stringContaining('has "budget"') });
    expect(await check({ check: 'file', path, equals: 'Meeting' })).toMatchObject({ passed: false, detail: expect.stringContaining('expected "Meeting"') });
    expect(await check({ check: 'file', path, exists: false })).toMatchObject({ passed: false, detail: expect.stringContaining('exists (it should not)') });
    expect(await check({ check: 'file', path: join(dir, 'none.txt'), exists: false })).toMatchObject({ passed: true });
    expect(await check({ check: 'file', path: join(dir, 'none.txt') })).toEqual({ passed: false, detail: `${join(dir, 'none.txt')} does not exist` });
  });
});

describe('csv checker', () => {
  it('rows exactly and cells by address, quoted fields and other delimiters', async () => {
    const path = write('out.csv', 'name,amount\n"Smith, J",12\n"say ""hi""",3\n');
    expect(
      await check({
        check: 'csv',
        path,
        rows: [
          ['name', 'amount'],
          ['Smith, J', '12'],
          ['say "hi"', '3'],
        ],
      }),
    ).toMatchObject({ passed: true });
    expect(await check({ check: 'csv', path, cells: { A2: 'Smith, J', B3: '3' } })).toMatchObject({ passed: true, detail: 'out.csv: A2="Smith, J", B3="3"' });
    expect(await check({ check: 'csv', path, cells: { B2: '13' } })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('B2="12"; B2 should be "13"'),
    });
    expect(await check({ check: 'csv', path, rows: [['name', 'amount']] })).toMatchObject({ passed: false });
    const semi = write('semi.csv', 'a;b\r\n1;2\r\n');
    expect(await check({ check: 'csv', path: semi, delimiter: ';', cells: { B2: '2' } })).toMatchObject({ passed: true });
  });

  it('csvRows keeps line breaks inside quotes', () => {
    expect(csvRows('a,"b\nc"\n1,2')).toEqual([
      ['a', 'b\nc'],
      ['1', '2'],
    ]);
    expect(csvRows('')).toEqual([]);
  });
});

describe('settings checker', () => {
  it('reads INI and keyfile sections, and JSON keys', async () => {
    const ini = write('cfg/app.conf', '[General]\ntabPosition=1\n[View]\ntabPosition=0\n');
    expect(await check({ check: 'settings', path: ini, section: 'View', key: 'tabPosition', equals: '0' })).toEqual({
      passed: true,
      detail: `${ini} [View] tabPosition="0"`,
    });
    expect(await check({ check: 'settings', path: ini, key: 'tabPosition', equals: '1' })).toMatchObject({ passed: true });
    expect(await check({ check: 'settings', path: ini, format: 'keyfile', section: 'General', key: 'tabPosition', equals: '0' })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('expected "0"'),
    });
    expect(await check({ check: 'settings', path: ini, key: 'missing', equals: '0' })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('missing=(unset)'),
    });
    const json = write('cfg/settings.json', JSON.stringify({ 'editor.tabSize': 4, view: { zoom: 1.5, dark: true, name: 'x' } }));
    expect(await check({ check: 'settings', path: json, format: 'json', key: 'editor.tabSize', equals: '4' })).toMatchObject({ passed: true });
    expect(await check({ check: 'settings', path: json, format: 'json', key: 'view.dark', equals: 'true' })).toMatchObject({ passed: true });
    expect(jsonSettingValue('{"a":{"b":"text"}}', 'a.b')).toBe('text');
    expect(jsonSettingValue('not json', 'a')).toBeUndefined();
  });
});

describe('controls checker', () => {
  it('finds a control by the reference fields, or its absence', async () => {
    expect(await check({ check: 'controls', window: 'Mousepad', control: { role: 'label', showsContaining: 'Saved' } })).toEqual({
      passed: true,
      detail: 'window "…Mousepad…" lists label "Status" showing "Saved to disk"',
    });
    expect(windowsAsked.at(-1)).toBe('Mousepad');
    expect(await check({ check: 'controls', control: { role: 'check box', name: 'Show line numbers', state: 'checked' } })).toMatchObject({ passed: true });
    expect(await check({ check: 'controls', control: { name: 'Save...' } })).toMatchObject({ passed: true });
    expect(await check({ check: 'controls', control: { role: 'check box', notState: 'checked' } })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('lists no check box, notState "checked" (3 controls)'),
    });
    expect(await check({ check: 'controls', control: { role: 'dialog' }, absent: true })).toMatchObject({ passed: true });
    expect(await check({ check: 'controls', control: { role: 'push button' }, absent: true })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('(should not)'),
    });
  });

  it('a window that cannot be read is a failed check', async () => {
    const broken = { controls: () => Promise.reject(new Error('no window titled "…X…"')) } as unknown as TaskWorkspace;
    expect(await runChecker({ check: 'controls', window: 'X', control: { role: 'label' } }, broken, { retryMs: 0 })).toEqual({
      passed: false,
      detail: 'the controls could not be read: no window titled "…X…"',
    });
  });
});

describe('all and any', () => {
  it('all passes when every part passes; any when one does; details list each part', async () => {
    const path = write('both.txt', 'alpha beta');
    const yes: Checker = { check: 'file', path, contains: ['alpha'] };
    const no: Checker = { check: 'file', path, contains: ['gamma'] };
    expect(await check({ check: 'all', of: [yes, yes] })).toMatchObject({ passed: true });
    const all = await check({ check: 'all', of: [yes, no] });
    expect(all.passed).toBe(false);
    expect(all.detail).toMatch(/^✓ .*; ✗ .*lacks "gamma"$/);
    expect(await check({ check: 'any', of: [no, yes] })).toMatchObject({ passed: true, detail: expect.stringMatching(/^✓ /) });
    expect(await check({ check: 'any', of: [no, { check: 'all', of: [no] }] })).toMatchObject({
      passed: false,
      detail: expect.stringMatching(/^none passed: ✗/),
    });
  });

  it('the schema refuses unknown checks and fields, and empty lists', () => {
    expect(CheckerSchema.safeParse({ check: 'pdf', path: 'x' }).success).toBe(false);
    expect(CheckerSchema.safeParse({ check: 'file', path: 'x', colour: 'red' }).success).toBe(false);
    expect(CheckerSchema.safeParse({ check: 'all', of: [] }).success).toBe(false);
    expect(CheckerSchema.safeParse({ check: 'sheet', path: 'x', cells: { 'not a cell': { empty: true } } }).success).toBe(false);
    expect(CheckerSchema.safeParse({ check: 'any', of: [{ check: 'all', of: [{ check: 'file', path: 'x' }] }] }).success).toBe(true);
  });
});
