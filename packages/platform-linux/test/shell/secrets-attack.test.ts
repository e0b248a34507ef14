import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellPolicyError, ShellRefusedError } from '../../src/errors.js';
import { compileShellPolicy, type CompiledShellPolicy } from '../../src/shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { runProgram } from '../../src/shell/run-program.js';
import { bubblewrapArgs, bubblewrapProblem, findBubblewrap } from '../../src/shell/sandbox.js';
import { runShellRequest } from '../../src/shell/shell-runner.js';

// Attack: through run_shell a prompt-injected model read the tool server's secrets (`cat /proc/<pid>/environ`,
// `ps eww`) and files outside the allowed roots (`cat /etc/passwd`, `date -f /etc/passwd`). Every attack below runs
// real programs. Two layers answer it: path arguments are checked against the roots (and /proc, /sys refused)
// before anything runs, and programs run under bubblewrap with only /usr and the roots visible.

const SECRET = 'sk-attack-secret-5f1e0c';
const dir = mkdtempSync(join(tmpdir(), 'shell-secrets-'));
const installed = findBubblewrap();
/** bubblewrap when it is installed and can sandbox here (a container without user namespaces cannot). */
const bubblewrap = installed && bubblewrapProblem(installed) === undefined ? installed : undefined;
let holder: ChildProcess;
let compiled: CompiledShellPolicy;

beforeAll(async () => {
  writeFileSync(join(dir, 'notes.txt'), 'inside the root\n');
  symlinkSync('/etc/passwd', join(dir, 'passwd-link'));
  // a process that holds a provider key in its environment, like a tool server started with one
  holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], {
    env: { PATH: '/usr/bin:/bin', OPENAI_API_KEY: SECRET, UFO_API_KEY: SECRET },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((resolve) => holder.stdout!.once('data', resolve));
  compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [dir] }));
});

afterAll(() => {
  holder?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const serverEnv = { ...process.env, OPENAI_API_KEY: SECRET, UFO_MCP_TOKEN: SECRET, LANG: 'C.UTF-8' };
const run = (command: string, args?: string[]) => runShellRequest(compiled, { command, ...(args ? { args } : {}), cwd: dir }, { serverEnv });

describe('attack: the shell tool reads secrets', () => {
  it.each<[string, () => [string, string[]]]>([
    ['another process’s environ', () => ['cat', [`/proc/${holder.pid}/environ`]]],
    ['its own environ', () => ['cat', ['/proc/self/environ']]],
    ['environ by climbing out of the root', () => ['cat', [`../../proc/${holder.pid}/environ`]]],
    ['environ as a grep pattern file', () => ['grep', ['-f', `/proc/${holder.pid}/environ`, 'notes.txt']]],
  ])('refuses %s', async (_what, attack) => {
    const [command, args] = attack();
    await expect(run(command, args)).rejects.toThrow(ShellRefusedError);
    await expect(run(command, args)).rejects.toThrow(/\/proc|outside the allowed roots/);
  });

  it.each([
    ['ps eww', ['eww']],
    ['ps aux e', ['aux', 'e']],
    ['ps -o with an output format', ['-o', 'pid,args']],
    ['ps -e e', ['-e', 'e']],
  ])('refuses %s (process listings with environments)', async (_what, args) => {
    await expect(run('ps', args)).rejects.toThrow(ShellRefusedError);
  });

  it.each([
    ['cat /etc/passwd', 'cat', ['/etc/passwd']],
    ['date -f /etc/passwd', 'date', ['-f', '/etc/passwd']],
    ['grep -f/etc/passwd (glued)', 'grep', ['-f/etc/passwd', 'notes.txt']],
    ['date --file=/etc/passwd', 'date', ['--file=/etc/passwd']],
    ['a symlink in the root leading out', 'cat', ['passwd-link']],
    ['ls of the parent', 'ls', ['..']],
    ['find from /', 'find', ['/', '-name', 'passwd']],
    ['head of a relative path out', 'head', ['../../../etc/shadow']],
  ])('refuses files outside the roots: %s', async (_what, command, args) => {
    await expect(run(command, args)).rejects.toThrow(/outside the allowed roots/);
  });

  it('still runs ordinary commands on files inside the root, with a scrubbed environment and no secret in any listing', async () => {
    expect((await run('cat', ['notes.txt'])).stdout).toBe('inside the root\n');
    expect((await run('cat', [join(dir, 'notes.txt')])).exit_code).toBe(0);
    expect((await run('date', ['+%Y/%m/%d'])).exit_code).toBe(0);
    const listing = await run('ps', ['-e', '-f']);
    expect(listing.exit_code).toBe(0);
    expect(listing.stdout).not.toContain(SECRET);
    if (bubblewrap) {
      // the sandbox has its own PID namespace: the secret holder is not even listed
      expect(listing.sandbox).toBe('bwrap');
      expect(listing.stdout).not.toContain(String(holder.pid));
    }
  });
});

describe.skipIf(!bubblewrap)('the sandbox alone (path checks bypassed), under bubblewrap', () => {
  const sandboxed = (program: string, args: string[]) =>
    runProgram({
      path: bubblewrap!,
      args: bubblewrapArgs({ program, args, cwd: dir, roots: [dir] }),
      cwd: dir,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 10_000,
      outputLimitBytes: 64 * 1024,
    });

  it('another process’s environ, /etc/passwd and the host’s processes are not there', async () => {
    const environ = await sandboxed('/usr/bin/cat', [`/proc/${holder.pid}/environ`]);
    expect(environ.exit_code).not.toBe(0);
    expect(environ.stdout).not.toContain(SECRET);
    expect((await sandboxed('/usr/bin/cat', ['/etc/passwd'])).exit_code).not.toBe(0);
    const env = await sandboxed('/usr/bin/cat', ['/proc/1/environ']);
    expect(env.stdout).not.toContain(SECRET);
    const ps = await sandboxed('/usr/bin/ps', ['eww', '-e']);
    expect(ps.stdout).not.toContain(SECRET);
    expect(ps.stdout).not.toContain(String(holder.pid));
    expect((await sandboxed('/usr/bin/cat', [join(dir, 'notes.txt')])).stdout).toBe('inside the root\n');
  });
});

describe('sandbox "bwrap" without bubblewrap installed', () => {
  it('fails when the policy is compiled, saying how to install it', () => {
    const policy = createDefaultShellPolicy({ allowedCwdRoots: [dir], overrides: { sandbox: 'bwrap' } });
    expect(() => compileShellPolicy(policy, { bubblewrapCandidates: [join(dir, 'no-bwrap')] })).toThrow(ShellPolicyError);
    expect(() => compileShellPolicy(policy, { bubblewrapCandidates: [join(dir, 'no-bwrap')] })).toThrow(/apt-get install bubblewrap/);
    expect(compileShellPolicy({ ...policy, sandbox: 'auto' }, { bubblewrapCandidates: [join(dir, 'no-bwrap')] }).bubblewrap).toBeUndefined();
  });
});
