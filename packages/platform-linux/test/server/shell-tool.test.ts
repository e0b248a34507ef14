import { existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

// created at collection time: the it.each tables below embed these paths
const dir = mkdtempSync(join(tmpdir(), 'shell-tool-'));
const marker = join(dir, 'pwned');
let fixture: LinuxServerFixture;

beforeAll(async () => {
  // a planted "ls" next to the working directory, for the ./ls and /tmp/ls tricks
  writeFileSync(join(dir, 'ls'), `#!/bin/sh\ntouch ${marker}\n`);
  chmodSync(join(dir, 'ls'), 0o755);
  writeFileSync(join(dir, 'data.txt'), 'b\na\nc\n');
  writeFileSync(join(dir, 'big.txt'), 'x'.repeat(300_000));
  fixture = await startLinuxServer({
    groups: ['shell'],
    shell: createDefaultShellPolicy({ allowedCwdRoots: [dir], overrides: { outputLimitBytes: 1000 } }),
  });
});

afterAll(async () => {
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shell = (parameters: Record<string, unknown>) => fixture.run('run_shell', { cwd: dir, ...parameters });

describe('run_shell through the dispatcher (HTTP)', () => {
  it('runs an allowed command as argv and reports exit code and output', async () => {
    const result = await shell({ command: 'sort data.txt' });
    expect(result.status).toBe('success');
    const out = result.result as { argv: string[]; exit_code: number; stdout: string; cwd: string };
    expect(out.exit_code).toBe(0);
    expect(out.stdout).toBe('a\nb\nc\n');
    expect(out.argv[0]).toMatch(/^\/(usr\/)?bin\/sort$/);
    expect(out.cwd).toContain('shell-tool-');
  });

  it('a failing command is a result with its exit code, not a tool failure', async () => {
    const result = await shell({ command: 'ls', args: ['does-not-exist'] });
    expect(result.status).toBe('success');
    expect((result.result as { exit_code: number }).exit_code).not.toBe(0);
  });

  it('passes shell syntax inside argv literally: nothing is executed', async () => {
    const result = await shell({ command: 'echo', args: [`$(touch ${marker})`, `\`touch ${marker}\``, '; touch x', '| sh', `> ${marker}`, 'a\ntouch x'] });
    expect(result.status).toBe('success');
    expect((result.result as { stdout: string }).stdout).toContain(`$(touch ${marker})`);
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    ['python -c', { command: `python3 -c "import os; os.system('touch ${marker}')"` }, /only "python3 --version"/],
    ['python -c as argv', { command: 'python3', args: ['-c', `open('${marker}','w')`] }, /only "python3 --version"/],
    ['sort --compress-program', { command: 'sort', args: ['--compress-program=sh', 'big.txt'] }, /--compress-program/],
    ['sort --compress-prog (abbreviated)', { command: 'sort', args: ['--compress-prog', 'sh', 'big.txt'] }, /abbreviates --compress-program/],
    ['find -exec', { command: 'find', args: ['.', '-exec', 'touch', marker, ';'] }, /-exec/],
    ['find -execdir', { command: 'find', args: ['.', '-execdir', 'touch', marker, ';'] }, /-execdir/],
    ['find -delete', { command: 'find', args: ['.', '-name', 'data.txt', '-delete'] }, /-delete/],
    ['find -fprint', { command: 'find', args: ['.', '-fprint', marker] }, /-fprint/],
    ['pipe', { command: 'ls | sh' }, /pipes/],
    ['semicolon', { command: `ls; touch ${marker}` }, /command lists/],
    ['&&', { command: `ls && touch ${marker}` }, /&&/],
    ['$( )', { command: `echo $(touch ${marker})` }, /substitution/],
    ['backticks', { command: `echo \`touch ${marker}\`` }, /backticks/],
    ['redirection', { command: `echo hi > ${marker}` }, /redirections/],
    ['newline injection', { command: `ls\ntouch ${marker}` }, /several lines/],
    ['newline in the program name', { command: `ls\ntouch`, args: [marker] }, /not a command name/],
    ['./ls', { command: './ls' }, /bare command name/],
    ['/tmp/ls style path', { command: join(dir, 'ls') }, /bare command name/],
    ['absolute system path', { command: '/bin/sh', args: ['-c', `touch ${marker}`] }, /bare command name/],
    ['a shell', { command: 'sh', args: ['-c', `touch ${marker}`] }, /not on the allow-list/],
    ['cwd outside the roots', { command: 'ls', cwd: '/' }, /outside the allowed roots/],
  ])('refuses %s with a failure Result', async (_label, parameters, reason) => {
    const result = await shell(parameters);
    expect(result.status).toBe('failure');
    expect(result.error).toMatch(/SHELL_REFUSED|refused/);
    expect(result.error).toMatch(reason);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(dir, 'data.txt'))).toBe(true);
  });

  it('caps the output', async () => {
    const result = await shell({ command: 'cat big.txt' });
    expect(result.status).toBe('success');
    const out = result.result as { stdout: string; truncated: boolean };
    expect(out.truncated).toBe(true);
    expect(out.stdout.length).toBe(1000);
  });

  it('describes the policy to the model', async () => {
    const tools = await fixture.dispatcher.listTools({ target: { agent: 'LinuxAgent' }, toolType: 'action' });
    const runShell = tools.find((t) => t.name === 'run_shell');
    expect(runShell?.description).toMatch(/no shell/);
    expect(runShell?.description).toMatch(/Allowed programs: .*sort/);
    expect(JSON.stringify(runShell?.input_schema)).not.toMatch(/api_key/);
  });
});

describe('run_shell secrets and timeouts', () => {
  it('takes secrets from the server environment, never from arguments, and kills slow commands', async () => {
    const local = await startLinuxServer({
      groups: ['shell'],
      serverEnv: { ...process.env, UFO_TEST_SECRET: 's3cret-from-server' },
      shell: {
        commands: { printenv: {}, sleep: {} },
        allowedCwdRoots: [dir],
        timeoutMs: 300,
        env: { pass: ['UFO_TEST_SECRET'], set: { FIXED: 'yes' } },
      },
    });
    try {
      const env = await local.ok<{ stdout: string }>('run_shell', { command: 'printenv' });
      expect(env.stdout).toContain('UFO_TEST_SECRET=s3cret-from-server');
      expect(env.stdout).toContain('FIXED=yes');
      expect(env.stdout).not.toMatch(/^HOME=/m);
      const injected = await local.run('run_shell', { command: 'printenv', env: { UFO_TEST_SECRET: 'from-model' } });
      // either the extra argument is rejected or ignored: it never reaches the command
      if (injected.status === 'success') expect((injected.result as { stdout: string }).stdout).not.toContain('from-model');
      const started = performance.now();
      const slow = await local.run('run_shell', { command: 'sleep 30' });
      expect(slow.status).toBe('failure');
      expect(slow.error).toMatch(/ran longer than 300 ms and was killed/);
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      await local.close();
    }
  });
});
