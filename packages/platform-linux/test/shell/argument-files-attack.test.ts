import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellRefusedError } from '../../src/errors.js';
import { compileShellPolicy, type CompiledShellPolicy } from '../../src/shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { runShellRequest } from '../../src/shell/shell-runner.js';

// Attack: without bubblewrap, `sort --files0-from=list` read a file outside the allowed roots: the path check saw
// `list` (inside the root) but not the names inside it. The same holds for every option whose value is a file the
// program reads further names from, for recursion that follows symbolic links out of the root, and for option
// values the checker does not understand. Every attack runs the real program with the sandbox off, so only the
// argument checks stand between the model and the secret.

const SECRET = 'outside-secret-8c41d2';
const root = mkdtempSync(join(tmpdir(), 'shell-argfiles-root-'));
const outside = mkdtempSync(join(tmpdir(), 'shell-argfiles-outside-'));
const secretFile = join(outside, 'secret.txt');
let compiled: CompiledShellPolicy;

beforeAll(() => {
  writeFileSync(secretFile, `${SECRET}\n`);
  writeFileSync(join(root, 'notes.txt'), 'b inside\na inside\n');
  // argument files inside the root that name the secret outside it
  writeFileSync(join(root, 'list0'), `${secretFile}\0`);
  writeFileSync(join(root, 'list'), `${secretFile}\n`);
  writeFileSync(join(root, 'sums'), `00000000000000000000000000000000  ${secretFile}\n`);
  writeFileSync(join(root, 'sums256'), `${'0'.repeat(64)}  ${secretFile}\n`);
  writeFileSync(join(root, 'magic'), '0 string x inside\n');
  mkdirSync(join(root, 'tree'));
  symlinkSync(secretFile, join(root, 'tree', 'link'));
  mkdirSync(join(root, 'other'));
  writeFileSync(join(root, 'other', 'link'), 'different\n');
  compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root], overrides: { sandbox: 'none' } }));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const run = (policy: CompiledShellPolicy, command: string, args: string[]) => runShellRequest(policy, { command, args, cwd: root });

describe('attack: argument files name files outside the roots (no sandbox)', () => {
  it.each<[string, string, string[]]>([
    ['sort --files0-from=FILE', 'sort', ['--files0-from=list0']],
    ['sort --files0-from FILE', 'sort', ['--files0-from', 'list0']],
    ['sort with an abbreviated --files0-from', 'sort', ['--files0=list0']],
    ['wc --files0-from', 'wc', ['--files0-from=list0']],
    ['du --files0-from', 'du', ['--files0-from', 'list0']],
    ['file -f', 'file', ['-f', 'list']],
    ['file -f in a cluster', 'file', ['-bf', 'list']],
    ['file --files-from=', 'file', ['--files-from=list']],
    ['md5sum -c', 'md5sum', ['-c', 'sums']],
    ['sha256sum --check', 'sha256sum', ['--check', 'sums256']],
    ['grep -R through a symbolic link', 'grep', ['-R', 'secret', 'tree']],
    ['grep --dereference-recursive', 'grep', ['--dereference-recursive', 'secret', 'tree']],
    ['diff -r through a symbolic link', 'diff', ['-r', 'tree', 'other']],
    ['diff of two directories through a symbolic link', 'diff', ['tree', 'other']],
    ['diff of a file and a directory through a symbolic link', 'diff', ['other/link', 'tree']],
    ['diff --to-file=DIR through a symbolic link', 'diff', ['--to-file=tree', 'other/link']],
    ['file -m with a colon-separated magic list', 'file', ['-m', `magic:${secretFile}`, 'notes.txt']],
  ])('refuses %s', async (_what, command, args) => {
    const attempt = run(compiled, command, args);
    await expect(attempt).rejects.toThrow(ShellRefusedError);
    await expect(run(compiled, command, args)).rejects.toThrow(/not allowed|refused/);
  });

  it.each<[string, string, string[]]>([
    ['an unknown long option of sort', 'sort', ['--no-such-option=list0', 'notes.txt']],
    ['a long option of ls that takes no value', 'ls', ['--all=x']],
    ['any attached value of cat', 'cat', ['--show-all=notes.txt']],
  ])('refuses an attached value the checker does not understand: %s', async (_what, command, args) => {
    await expect(run(compiled, command, args)).rejects.toThrow(/not understood by the checker/);
  });

  it('still runs the same programs with understood options and values', async () => {
    const sorted = await run(compiled, 'sort', ['--key=1', 'notes.txt']);
    expect(sorted.stdout).toBe('a inside\nb inside\n');
    const abbreviated = await run(compiled, 'sort', ['--field-sep=,', 'notes.txt']);
    expect(abbreviated.stdout).toBe('a inside\nb inside\n');
    const grep = await run(compiled, 'grep', ['-r', '--regexp=inside', 'notes.txt']);
    expect(grep.stdout).toContain('b inside');
    const wc = await run(compiled, 'wc', ['-l', 'notes.txt']);
    expect(wc.stdout).toMatch(/^2 notes.txt/);
    const compared = await run(compiled, 'diff', ['notes.txt', 'other/link']);
    expect(compared.stdout).toContain('> different');
    const dated = await run(compiled, 'date', ['--date=@0', '--iso-8601=date', '-u']);
    expect(dated.stdout.trim()).toBe('1970-01-01');
  });
});

describe('attack: argument files under a custom policy', () => {
  it('refuses the file-list options of a program the policy allows without rules (tar -T, old-style tar)', async () => {
    const custom = compileShellPolicy({ commands: { tar: {} }, allowedCwdRoots: [root], sandbox: 'none' });
    await expect(run(custom, 'tar', ['-c', '-T', 'list', '-f', 'out.tar'])).rejects.toThrow(/option -T/);
    await expect(run(custom, 'tar', ['-c', '--files-from=list', '-f', 'out.tar'])).rejects.toThrow(/--files-from/);
    await expect(run(custom, 'tar', ['-c', '--use-compress-program=sh', '-f', 'out.tar', 'notes.txt'])).rejects.toThrow(ShellRefusedError);
    await expect(run(custom, 'tar', ['cTf', 'list', 'out.tar'])).rejects.toThrow(/old-style options/);
  });

  it('refuses response files (@file) of programs that expand them', async () => {
    const custom = compileShellPolicy({ commands: { strings: {} }, allowedCwdRoots: [root], sandbox: 'none' });
    writeFileSync(join(root, 'rsp'), secretFile);
    await expect(run(custom, 'strings', ['@rsp'])).rejects.toThrow(/response file/);
  });

  it('refuses an option the policy itself marks as a file list, in both value forms', async () => {
    const custom = compileShellPolicy({ commands: { head: { args: { values: { '--lines': 'file-list' } } } }, allowedCwdRoots: [root], sandbox: 'none' });
    await expect(run(custom, 'head', ['--lines=1', 'notes.txt'])).rejects.toThrow(/--lines/);
    await expect(run(custom, 'head', ['--lines', '1', 'notes.txt'])).rejects.toThrow(/--lines/);
    expect((await run(custom, 'head', ['-c', '2', 'notes.txt'])).stdout).toBe('b ');
  });
});
