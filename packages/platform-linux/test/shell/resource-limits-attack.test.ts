import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellLimitError, ShellPolicyError } from '../../src/errors.js';
import { compileShellPolicy } from '../../src/shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { limitReached } from '../../src/shell/resource-limits.js';
import { bubblewrapProblem, findBubblewrap } from '../../src/shell/sandbox.js';
import { DEFAULT_RESOURCE_LIMITS, ShellPolicySchema, type ResourceLimits } from '../../src/shell/shell-policy.js';
import { runShellRequest } from '../../src/shell/shell-runner.js';

// Attack: under bubblewrap one `sort` reached 2 GB, and nothing capped how many processes a command could start.
// Every command now runs under prlimit (address space, processes, CPU time, file size), inside the sandbox when
// there is one, and a command that runs into a limit is stopped with ShellLimitError naming it. Each attack runs
// in both modes: directly, and under bubblewrap when it can sandbox here.

const root = mkdtempSync(join(tmpdir(), 'shell-limits-'));
const installed = findBubblewrap();
const bubblewrap = installed && bubblewrapProblem(installed) === undefined ? installed : undefined;
const sandboxes = bubblewrap ? (['none', 'bwrap'] as const) : (['none'] as const);
const MiB = 1024 * 1024;
/** A sleep duration no other process uses, to find the fork loop's children. */
const SLEEP = '3.0417';

/** Processes whose command line starts with `prefix` (arguments separated by NUL). */
function processesRunning(prefix: string): number {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(prefix);
    } catch {
      return false;
    }
  }).length;
}

beforeAll(() => {
  // one 48 MB line: sort and grep must hold a whole line in memory
  writeFileSync(join(root, 'one-line.txt'), 'a'.repeat(48 * MiB));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const limitsWith = (overrides: Partial<ResourceLimits>): ResourceLimits => ({ ...DEFAULT_RESOURCE_LIMITS, ...overrides });

describe.each(sandboxes)('attack: a shell command takes unbounded resources (sandbox %s)', (sandbox) => {
  it('stops sort on a huge line at the memory limit with an error naming it', async () => {
    const compiled = compileShellPolicy(
      createDefaultShellPolicy({ allowedCwdRoots: [root], overrides: { sandbox, limits: limitsWith({ memoryBytes: 32 * MiB }) } }),
    );
    const attempt = runShellRequest(compiled, { command: 'sort', args: ['one-line.txt'], cwd: root });
    await expect(attempt).rejects.toThrow(ShellLimitError);
    const error = await runShellRequest(compiled, { command: 'sort', args: ['one-line.txt'], cwd: root }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShellLimitError);
    expect((error as ShellLimitError).limit).toBe('memory');
    expect((error as ShellLimitError).code).toBe('SHELL_LIMIT');
    expect((error as Error).message).toMatch(/memory limit of 33554432 bytes \(limits.memoryBytes\)/);
  }, 60_000);

  it('runs the same command when it fits the default limits', async () => {
    const compiled = compileShellPolicy(createDefaultShellPolicy({ allowedCwdRoots: [root], overrides: { sandbox } }));
    const result = await runShellRequest(compiled, { command: 'wc', args: ['-c', 'one-line.txt'], cwd: root });
    expect(result.stdout).toMatch(new RegExp(`^${48 * MiB} one-line.txt`));
    expect(result.sandbox).toBe(sandbox);
  }, 60_000);

  it('caps a fork loop at the process limit and leaves no process behind', async () => {
    const compiled = compileShellPolicy({ commands: { sh: {} }, allowedCwdRoots: [root], sandbox, limits: limitsWith({ processes: 16 }) });
    const started = Date.now();
    const error = await runShellRequest(compiled, {
      command: 'sh',
      args: ['-c', `i=0; while [ $i -lt 300 ]; do sleep ${SLEEP} & i=$((i+1)); done; wait`],
      cwd: root,
      timeoutMs: 30_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShellLimitError);
    expect((error as ShellLimitError).limit).toBe('processes');
    expect((error as Error).message).toMatch(/process limit of 16 \(limits.processes\)/);
    expect(Date.now() - started).toBeLessThan(25_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processesRunning(`sleep\0${SLEEP}`)).toBe(0);
  }, 60_000);

  it('stops a busy loop at the CPU limit', async () => {
    const compiled = compileShellPolicy({ commands: { sh: {} }, allowedCwdRoots: [root], sandbox, limits: limitsWith({ cpuSeconds: 1 }) });
    const error = await runShellRequest(compiled, { command: 'sh', args: ['-c', 'while :; do :; done'], cwd: root, timeoutMs: 30_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShellLimitError);
    expect((error as ShellLimitError).limit).toBe('cpu');
    expect((error as Error).message).toMatch(/CPU limit of 1 s/);
  }, 60_000);

  it('stops a write beyond the file-size limit', async () => {
    const compiled = compileShellPolicy({ commands: { sh: {} }, allowedCwdRoots: [root], sandbox, limits: limitsWith({ fileSizeBytes: MiB }) });
    // the roots are read-only in the sandbox; /run is its scratch space
    const target = sandbox === 'bwrap' ? '/run/out' : 'out';
    const error = await runShellRequest(compiled, { command: 'sh', args: ['-c', `head -c 3000000 one-line.txt > ${target}`], cwd: root }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShellLimitError);
    expect((error as ShellLimitError).limit).toBe('file-size');
  }, 60_000);
});

describe('resource limits in the policy', () => {
  it('has defaults, and refuses a memory limit too small to start a program', () => {
    const policy = ShellPolicySchema.parse({ commands: {}, allowedCwdRoots: [root] });
    expect(policy.limits).toEqual({ memoryBytes: 512 * MiB, processes: 64, cpuSeconds: 30, fileSizeBytes: 64 * MiB });
    expect(() => compileShellPolicy({ commands: {}, allowedCwdRoots: [root], limits: { memoryBytes: 1024 } })).toThrow(ShellPolicyError);
  });

  it('refuses to compile when prlimit is missing, instead of running commands without limits', () => {
    expect(() => compileShellPolicy({ commands: {}, allowedCwdRoots: [root] }, { prlimitCandidates: ['/nonexistent/prlimit'] })).toThrow(/prlimit/);
  });

  it('reads limit signals, also as bubblewrap reports them (128 + signal)', () => {
    expect(limitReached({ exit_code: null, signal: 'SIGXCPU', stderr: '' })).toBe('cpu');
    expect(limitReached({ exit_code: 153, signal: null, stderr: '' })).toBe('file-size');
    expect(limitReached({ exit_code: 2, signal: null, stderr: 'grep: memory exhausted\n' })).toBe('memory');
    expect(limitReached({ exit_code: 0, signal: null, stderr: 'memory exhausted' })).toBeUndefined();
    expect(limitReached({ exit_code: 1, signal: null, stderr: 'no such file' })).toBeUndefined();
  });
});
