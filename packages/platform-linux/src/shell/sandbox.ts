import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { ShellPolicyError } from '../errors.js';
import { findExecutable } from '../harness/desktop-availability.js';

/** Where bubblewrap is looked for. */
export const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/bin/bwrap'];

/** The bubblewrap program, or undefined when it is not installed. */
export function findBubblewrap(candidates: readonly string[] = BWRAP_CANDIDATES): string | undefined {
  for (const path of candidates) {
    const found = findExecutable(path);
    if (found) return found;
  }
  return undefined;
}

/** How the shell tool's programs are confined: `bwrap` (required), `none`, or `auto` (bwrap when installed). */
export type SandboxMode = 'auto' | 'bwrap' | 'none';

/**
 * Why bubblewrap cannot sandbox here (it runs `true` in the sandbox once: a container without user namespaces
 * refuses), or undefined when it works.
 */
export function bubblewrapProblem(bwrap: string): string | undefined {
  const probe = spawnSync(bwrap, [...bubblewrapArgs({ program: '/usr/bin/true', args: [], cwd: '/usr', roots: [] })], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { PATH: '/usr/bin:/bin' },
  });
  if (probe.status === 0) return undefined;
  return (probe.stderr || probe.error?.message || `exit ${probe.status ?? probe.signal}`).trim().split('\n')[0];
}

/**
 * Resolves the sandbox mode to the bubblewrap path to use (undefined: run programs directly). `auto` uses
 * bubblewrap only when it is installed and works here.
 * @throws ShellPolicyError when `bwrap` is required and not installed, or cannot sandbox here.
 */
export function resolveSandbox(mode: SandboxMode, candidates?: readonly string[]): string | undefined {
  if (mode === 'none') return undefined;
  const bwrap = findBubblewrap(candidates);
  if (!bwrap) {
    if (mode === 'auto') return undefined;
    throw new ShellPolicyError(
      'the shell policy asks for sandbox "bwrap" but bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap; `scripts/setup.mjs` installs it), or set sandbox "auto" or "none"',
    );
  }
  const problem = bubblewrapProblem(bwrap);
  if (problem === undefined) return bwrap;
  if (mode === 'auto') return undefined;
  throw new ShellPolicyError(
    `the shell policy asks for sandbox "bwrap" but ${bwrap} cannot sandbox here (${problem}); allow user namespaces, or set sandbox "auto" or "none"`,
  );
}

/** What one sandboxed run sees. */
export interface SandboxLayout {
  /** Absolute program path (symlinks resolved). */
  program: string;
  args: readonly string[];
  cwd: string;
  /** The allowed roots, mounted read-only at the same paths. */
  roots: readonly string[];
  /**
   * A program and its arguments that start `program` inside the sandbox (`prlimit --as=… --`), so that limits
   * are set in the sandbox's own user namespace. Its first element is an absolute, symlink-free path.
   */
  launcher?: readonly string[];
}

const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64'];

/**
 * The bubblewrap argv for one program: new user, PID, IPC, UTS, cgroup and network namespaces, a fresh `/proc`
 * that shows only the sandbox's own processes, `/usr` (and the merged-usr links) plus the allowed roots read-only,
 * and nothing else of the host: no `/home`, no `/etc`, no other process's environment. The environment is the
 * one the sandbox is started with (already scrubbed by the policy). A `launcher` (the limits' `prlimit`) runs
 * inside the sandbox and starts the program.
 */
export function bubblewrapArgs(layout: SandboxLayout): string[] {
  const argv = ['--unshare-all', '--die-with-parent', '--new-session', '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/run'];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) argv.push('--symlink', readlinkSync(dir), dir);
    else argv.push('--ro-bind', dir, dir);
  }
  argv.push('--ro-bind-try', '/etc/localtime', '/etc/localtime');
  const launcher = layout.launcher ?? [];
  for (const program of [launcher[0], layout.program]) {
    if (program === undefined) continue;
    const programDir = dirname(program);
    if (!SYSTEM_DIRS.some((dir) => programDir === dir || programDir.startsWith(`${dir}/`))) argv.push('--ro-bind', program, program);
  }
  for (const root of layout.roots) argv.push('--ro-bind', root, root);
  argv.push('--chdir', layout.cwd, '--', ...launcher, layout.program, ...layout.args);
  return argv;
}
