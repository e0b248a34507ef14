import { describe, expect, it } from 'vitest';
import { ShellRefusedError } from '../../src/errors.js';
import { checkArguments } from '../../src/shell/argument-check.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';

const policy = createDefaultShellPolicy();
const rule = (name: string) => {
  const r = policy.commands[name];
  if (!r) throw new Error(`no rule ${name}`);
  return r.args;
};
const ok = (name: string, args: string[]) => expect(() => checkArguments(name, rule(name), args)).not.toThrow();
const refused = (name: string, args: string[], why: RegExp) => {
  expect(() => checkArguments(name, rule(name), args)).toThrow(ShellRefusedError);
  expect(() => checkArguments(name, rule(name), args)).toThrow(why);
};

describe('checkArguments with the default policy', () => {
  it('python3 allows only --version (the original allowed python -c)', () => {
    ok('python3', ['--version']);
    ok('python3', ['-V']);
    refused('python3', ['-c', 'import os; os.system("id")'], /only "python3 --version"/);
    refused('python3', ['script.py'], /only/);
    refused('python3', [], /only/);
  });

  it('sort refuses --compress-program, its abbreviations and output files', () => {
    ok('sort', ['-rn', 'data.txt']);
    ok('sort', ['-k', '2', '-t', ',', 'data.txt']);
    ok('sort', ['--check', 'data.txt']);
    refused('sort', ['--compress-program=sh', 'big.txt'], /--compress-program/);
    refused('sort', ['--compress-program', 'sh', 'big.txt'], /--compress-program/);
    refused('sort', ['--compress-prog=sh', 'big.txt'], /abbreviates --compress-program/);
    refused('sort', ['--com=sh'], /abbreviates --compress-program/);
    refused('sort', ['-o', '/etc/passwd', 'x'], /-o/);
    refused('sort', ['-ro/tmp/out', 'x'], /-o/);
    refused('sort', ['--output=/tmp/x'], /--output/);
    refused('sort', ['x', '--outp=/tmp/x'], /abbreviates --output/);
  });

  it('find allows read-only predicates and refuses -exec, -execdir, -ok, -delete, -fprint*, -fls', () => {
    ok('find', ['.', '-name', '*.ts', '-type', 'f', '-maxdepth', '2']);
    ok('find', ['/tmp', '-name', '-exec']); // the value of -name is a pattern, not a predicate
    ok('find', ['.', '-newer', 'a', '-o', '-empty', '-print']);
    for (const bad of ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']) {
      refused('find', ['.', bad, 'rm', '{}', ';'], new RegExp(`option "${bad}" is not allowed`));
    }
    refused('find', ['.', '-name'], /needs a value/);
  });

  it('other commands: date --set, hostname NAME, uniq IN OUT, tail -f, file -C', () => {
    ok('date', ['+%Y']);
    refused('date', ['-s', '2020-01-01'], /-s/);
    refused('date', ['--se=2020-01-01'], /abbreviates --set/);
    ok('hostname', ['-f']);
    refused('hostname', ['evil'], /at most 0 non-option/);
    refused('hostname', ['-F', 'file'], /-F is not allowed/);
    ok('uniq', ['-c', 'in.txt']);
    refused('uniq', ['in.txt', 'out.txt'], /at most 1/);
    refused('tail', ['-f', 'log'], /-f/);
    refused('tail', ['-nf', 'log'], /-f/);
    refused('tail', ['--follow=name', 'log'], /--follow/);
    refused('file', ['-C', '-m', 'x'], /-C/);
  });

  it('after -- everything is a file name', () => {
    ok('sort', ['--', '--compress-program=sh']);
    ok('cat', ['--', '-n']);
  });
});
