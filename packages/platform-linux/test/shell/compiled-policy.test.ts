import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellPolicyError, ShellRefusedError } from '../../src/errors.js';
import { checkWorkingDirectory, compileShellPolicy, resolveAllowedCommand } from '../../src/shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';

let root: string;
let outside: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'shell-policy-root-'));
  outside = mkdtempSync(join(tmpdir(), 'shell-policy-outside-'));
  mkdirSync(join(root, 'sub'));
  symlinkSync(outside, join(root, 'escape'));
  // a planted program called "ls" in the allowed folder
  writeFileSync(join(root, 'ls'), '#!/bin/sh\necho planted\n');
  chmodSync(join(root, 'ls'), 0o755);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('compileShellPolicy', () => {
  it('resolves allowed commands to absolute system paths only', () => {
    const compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root] }));
    const ls = resolveAllowedCommand(compiled, 'ls');
    expect(ls.path).toMatch(/^\/(usr\/)?bin\/ls$/);
    expect(compiled.commands.has('sh')).toBe(false);
  });

  it.each(['./ls', '/tmp/ls', '../bin/ls', '/usr/bin/ls', 'ls;id', 'ls id', ''])('refuses the path trick or bad name %j', (name) => {
    const compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root] }));
    expect(() => resolveAllowedCommand(compiled, name)).toThrow(ShellRefusedError);
  });

  it('refuses commands that are not allowed, naming the allowed ones', () => {
    const compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root] }));
    expect(() => resolveAllowedCommand(compiled, 'sh')).toThrow(/not on the allow-list. Allowed commands: .*ls/);
    expect(() => resolveAllowedCommand(compiled, 'python')).toThrow(/not on the allow-list/);
  });

  it('checks working directories against the roots after resolving symlinks', () => {
    const compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root] }));
    expect(checkWorkingDirectory(compiled, undefined)).toBe(compiled.cwdRoots[0]);
    expect(checkWorkingDirectory(compiled, join(root, 'sub'))).toMatch(/sub$/);
    expect(() => checkWorkingDirectory(compiled, join(root, 'escape'))).toThrow(/outside the allowed roots/);
    expect(() => checkWorkingDirectory(compiled, join(root, 'sub', '..', '..'))).toThrow(/outside the allowed roots/);
    expect(() => checkWorkingDirectory(compiled, '/')).toThrow(/outside/);
    expect(() => checkWorkingDirectory(compiled, join(root, 'missing'))).toThrow(/does not exist/);
    expect(() => checkWorkingDirectory(compiled, 'sub')).toThrow(/absolute path/);
  });

  it('rejects invalid policies', () => {
    expect(() => compileShellPolicy({ commands: { 'a/b': {} }, allowedCwdRoots: [root] })).toThrow(ShellPolicyError);
    expect(() => compileShellPolicy({ commands: {}, allowedCwdRoots: [] })).toThrow(ShellPolicyError);
    expect(() => compileShellPolicy({ commands: {}, allowedCwdRoots: [join(root, 'nope')] })).toThrow(/does not exist/);
  });
});
