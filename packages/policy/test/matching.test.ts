import { describe, expect, test } from 'vitest';
import { actionKinds, compilePolicy, isUnder, normalisePath, PolicyInvalidError, type ActionFacts, type PolicyInput } from '../src/index.js';

const act = (tool: string, args: Record<string, unknown> = {}, extra: Partial<ActionFacts> = {}): ActionFacts => ({
  tool,
  toolType: 'action',
  arguments: args,
  target: null,
  app: { title: 'Untitled', process: 'gedit' },
  ...extra,
});
const deny = (id: string, match: Record<string, unknown>) => ({ id, match, decision: 'deny' as const, reason: `because ${id}` });
const decide = (policy: PolicyInput, facts: ActionFacts) => compilePolicy(policy).evaluate(facts);

describe('rule kinds', () => {
  test('tool: glob, list and regex', () => {
    const p = { rules: [deny('g', { tool: 'delete_*' }), deny('l', { tool: ['run_shell', 'exec'] }), deny('r', { tool: { regex: '^pay_' } })] };
    expect(decide(p, act('delete_file')).rule).toBe('g');
    expect(decide(p, act('DELETE_FILE')).rule).toBe('g');
    expect(decide(p, act('run_shell')).rule).toBe('l');
    expect(decide(p, act('pay_invoice')).rule).toBe('r');
    expect(decide(p, act('click_input')).decision).toBe('allow');
  });

  test('arguments: patterns, paths under folders (no .. escape), number ranges, presence', () => {
    const p = {
      rules: [
        deny('path', { arguments: { path: { under: ['/etc', '/home/me/.ssh'] } } }),
        deny('amount', { arguments: { amount: { min: 100, max: 1000 } } }),
        deny('secret', { anyArgument: { regex: 'sk-[a-z0-9]{8}' } }),
        deny('force', { tool: 'close_window', arguments: { force: 'true' } }),
        deny('noid', { tool: 'texts', arguments: { id: { present: false } } }),
      ],
    };
    expect(decide(p, act('read', { path: '/etc/passwd' })).rule).toBe('path');
    expect(decide(p, act('read', { path: '/tmp/../etc/shadow' })).rule).toBe('path');
    expect(decide(p, act('read', { path: '/etc' })).rule).toBe('path');
    expect(decide(p, act('read', { path: '/etcetera/x' })).decision).toBe('allow');
    expect(decide(p, act('read', { path: '/home/me/.ssh/../notes.txt' })).decision).toBe('allow');
    expect(decide(p, act('read', { path: 'C:\\home\\me\\.ssh\\id' })).decision).toBe('allow');
    expect(decide(p, act('read', { path: '//home//me/./.ssh/id_rsa' })).rule).toBe('path');
    expect(decide(p, act('pay', { amount: 100 })).rule).toBe('amount');
    expect(decide(p, act('pay', { amount: '999.5' })).rule).toBe('amount');
    expect(decide(p, act('pay', { amount: 1001 })).decision).toBe('allow');
    expect(decide(p, act('pay', { amount: 'lots' })).decision).toBe('allow');
    expect(decide(p, act('type_text', { text: 'key sk-abcd1234' })).rule).toBe('secret');
    expect(decide(p, act('close_window', { force: true })).rule).toBe('force');
    expect(decide(p, act('close_window', { force: false })).decision).toBe('allow');
    expect(decide(p, act('texts', {})).rule).toBe('noid');
    expect(decide(p, act('texts', { id: 'a1' })).decision).toBe('allow');
  });

  test('target and app: known, absent (no control), unknown', () => {
    const p = { rules: [deny('pw', { target: { role: '*password*' } }), deny('app', { app: { process: 'keepass*', title: { regex: 'vault', flags: 'i' } } })] };
    expect(decide(p, act('click_input', { id: 'a1' }, { target: { role: 'password text', name: '' } })).rule).toBe('pw');
    expect(decide(p, act('click_input', { id: 'a1' }, { target: { role: 'push button', name: 'OK' } })).decision).toBe('allow');
    expect(decide(p, act('run_shell', {}, { target: null })).decision).toBe('allow');
    const unknown = decide(p, act('click_input', { id: 'a9' }, { target: undefined }));
    expect(unknown).toMatchObject({ decision: 'deny', rule: 'pw', uncertain: true });
    expect(decide({ ...p, unknown: 'ignore' }, act('click_input', { id: 'a9' }, { target: undefined })).decision).toBe('allow');
    expect(decide(p, act('wait', {}, { app: { process: 'keepassxc', title: 'My Vault' } })).rule).toBe('app');
    expect(decide(p, act('wait', {}, { app: { process: 'keepassxc', title: 'Settings' } })).decision).toBe('allow');
    expect(decide(p, act('wait', {}, { app: undefined }))).toMatchObject({ decision: 'deny', rule: 'app', uncertain: true });
  });

  test('an allow rule never matches on unknown facts', () => {
    const p: PolicyInput = {
      default: 'deny',
      rules: [{ id: 'ok-buttons', match: { target: { role: 'push button' } }, decision: 'allow', reason: 'buttons are fine' }],
    };
    expect(decide(p, act('click_input', { id: 'x' }, { target: undefined })).decision).toBe('deny');
    expect(decide(p, act('click_input', { id: 'x' }, { target: { role: 'push button' } })).rule).toBe('ok-buttons');
  });
});

describe('action kinds', () => {
  test('password_input from the role, the name or the label', () => {
    expect(actionKinds(act('set_edit_text', { id: 'a', text: 'x' }, { target: { role: 'password text' } })).kinds).toEqual(['password_input']);
    expect(actionKinds(act('type_text', { text: 'x' }, { target: { role: 'text', label: 'PIN' } })).kinds).toEqual(['password_input']);
    expect(actionKinds(act('type_text', { text: 'x' }, { target: { role: 'text', name: 'Search' } })).kinds).toEqual([]);
    expect(actionKinds(act('type_text', { text: 'x' }, { target: undefined })).maybe).toContain('password_input');
    expect(actionKinds(act('click_input', { id: 'a' }, { target: { role: 'password text' } })).kinds).toEqual([]);
  });
  test('file_dialog, delete and send', () => {
    expect(actionKinds(act('keyboard_input', { keys: 'ctrl+o' })).kinds).toEqual(['file_dialog']);
    expect(actionKinds(act('keyboard_input', { keys: '^+s' })).kinds).toEqual(['file_dialog']);
    expect(actionKinds(act('click_input', { id: 'a' }, { target: { role: 'push button', name: 'Save As…' } })).kinds).toEqual(['file_dialog']);
    expect(actionKinds(act('run_shell', { command: 'cd /tmp && rm -rf x' })).kinds).toEqual(['delete']);
    expect(actionKinds(act('run_shell', { command: 'ls -l' })).kinds).toEqual([]);
    expect(actionKinds(act('keyboard_input', { keys: 'shift+Delete' })).kinds).toEqual(['delete']);
    expect(actionKinds(act('keyboard_input', { keys: 'Delete' }, { target: { role: 'text' } })).kinds).toEqual([]);
    expect(actionKinds(act('keyboard_input', { keys: 'Delete' }, { target: { role: 'table cell' } })).kinds).toEqual(['delete']);
    expect(actionKinds(act('delete_file', { path: '/x' })).kinds).toEqual(['delete']);
    expect(actionKinds(act('click_on_coordinates', { x: 1, y: 2 }, { target: { role: 'push button', name: 'Send' } })).kinds).toEqual(['send']);
    expect(actionKinds(act('click_input', { id: 'a' }, { target: { role: 'push button', name: 'Pay now' } })).kinds).toEqual(['send']);
    expect(actionKinds(act('keyboard_input', { keys: 'ctrl+Return' })).kinds).toEqual(['send']);
    expect(actionKinds(act('click_input', { id: 'a' }, { target: { role: 'push button', name: 'Sender details' } })).kinds).toEqual([]);
  });
});

describe('order and default', () => {
  const rules = [
    { id: 'allow-shell-ls', match: { tool: 'run_shell', arguments: { command: 'ls*' } }, decision: 'allow' as const, reason: 'listing is fine' },
    { id: 'confirm-shell', match: { tool: 'run_shell' }, decision: 'confirm' as const, reason: 'shell needs approval' },
    { id: 'deny-rm', match: { kind: 'delete' as const }, decision: 'deny' as const, reason: 'never delete' },
  ];
  test('first-match: the first matching rule in order decides', () => {
    expect(decide({ rules }, act('run_shell', { command: 'ls; rm -rf /' })).rule).toBe('allow-shell-ls');
    expect(decide({ rules }, act('run_shell', { command: 'rm x' })).rule).toBe('confirm-shell');
  });
  test('deny-overrides: deny beats confirm beats allow, whatever the order', () => {
    expect(decide({ rules, order: 'deny-overrides' }, act('run_shell', { command: 'ls; rm -rf /' })).rule).toBe('deny-rm');
    expect(decide({ rules, order: 'deny-overrides' }, act('run_shell', { command: 'ls' })).rule).toBe('confirm-shell');
  });
  test('default applies to actions no rule matched; observations are allowed', () => {
    const p: PolicyInput = { default: 'deny', defaultReason: 'only listed actions', rules };
    expect(decide(p, act('click_input', { id: 'a' }))).toEqual({ decision: 'deny', reason: 'only listed actions' });
    expect(decide(p, { tool: 'capture_desktop_screenshot', toolType: 'data_collection', arguments: {} }).decision).toBe('allow');
    expect(decide({}, act('click_input', { id: 'a' })).decision).toBe('allow');
  });
});

describe('validation', () => {
  test('a bad document or regex names the key; duplicate ids are refused', () => {
    expect(() => compilePolicy({ rules: [{ id: 'x', match: {}, decision: 'maybe', reason: 'r' }] } as never)).toThrow(/rules\.0\.decision/);
    expect(() => compilePolicy({ rules: [deny('x', { tool: { regex: '(' } })] })).toThrow(PolicyInvalidError);
    expect(() => compilePolicy({ rules: [deny('x', {}), deny('x', {})] })).toThrow(/used twice/);
    expect(() => compilePolicy({ rules: [deny('x', { arguments: { n: {} } })] })).toThrow(PolicyInvalidError);
  });
  test('normalisePath and isUnder', () => {
    expect(normalisePath('/a/./b/../c//d/')).toBe('/a/c/d');
    expect(normalisePath('/../../etc')).toBe('/etc');
    expect(normalisePath('a/../../b')).toBe('../b');
    expect(isUnder('../b', '/')).toBe(false);
    expect(
      compilePolicy({ rules: [deny('etc', { arguments: { path: { under: '/etc' } } })] }).evaluate(act('read', { path: 'notes/../../etc/hosts' })),
    ).toMatchObject({ decision: 'deny', uncertain: true });
    expect(isUnder('/srv/data/x', '/srv/data/')).toBe(true);
  });
});

describe('keys that press the focused control', () => {
  test('Return or Space on a focused Send button is a send; on a text field it is not', () => {
    expect(actionKinds(act('keyboard_input', { keys: 'Return' }, { target: { role: 'push button', name: 'Send' } })).kinds).toEqual(['send']);
    expect(actionKinds(act('keyboard_input', { keys: '{ENTER}' }, { target: { role: 'Button', name: 'Delete' } })).kinds).toEqual(['delete']);
    expect(actionKinds(act('keyboard_input', { keys: 'Return' }, { target: { role: 'text', name: 'Search' } })).kinds).toEqual([]);
    expect(actionKinds(act('keyboard_input', { keys: 'Return' }, { target: undefined })).maybe).toEqual(['password_input', 'file_dialog', 'delete', 'send']);
  });
});

describe('unknown facts and observations', () => {
  test('an observation is not held by a rule it may not match (it is how the facts become known)', () => {
    const p: PolicyInput = { rules: [deny('no-vault', { app: { process: 'keepass*' } })] };
    const listing: ActionFacts = { tool: 'get_controls', toolType: 'data_collection', arguments: {}, target: null };
    expect(decide(p, listing).decision).toBe('allow');
    expect(decide(p, { ...listing, app: { process: 'keepassxc' } }).rule).toBe('no-vault');
    expect(decide(p, act('wait', {}, { app: undefined }))).toMatchObject({ decision: 'deny', uncertain: true });
  });
});
