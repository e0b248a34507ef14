import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { ShellLimitError, ShellPolicyError, type ShellLimit } from '../errors.js';
import { findExecutable } from '../harness/desktop-availability.js';
import type { ProgramResult } from './run-program.js';
import type { ResourceLimits } from './shell-policy.js';

/** Where `prlimit` (util-linux) is looked for. */
export const PRLIMIT_CANDIDATES = ['/usr/bin/prlimit', '/bin/prlimit'];

/**
 * The `prlimit` program that sets each command's limits before it starts.
 * @throws ShellPolicyError when it is not installed: commands never run without their limits.
 */
export function requirePrlimit(candidates: readonly string[] = PRLIMIT_CANDIDATES): string {
  for (const path of candidates) {
    const found = findExecutable(path);
    if (found) return found;
  }
  throw new ShellPolicyError(
    `the shell tool limits every command with prlimit, which is not installed (looked in ${candidates.join(', ')}; Debian/Ubuntu: apt-get install util-linux)`,
  );
}

/**
 * `prlimit`'s arguments, up to and including `--`, for a command's limits. `processes` is left out when undefined
 * (the kernel would not enforce it, see {@link hostProcessCeiling}). CPU time gets one second of grace between
 * SIGXCPU and SIGKILL; core dumps are off.
 */
export function prlimitArgs(limits: ResourceLimits, processes: number | undefined): string[] {
  const args = [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`, `--fsize=${limits.fileSizeBytes}`, '--core=0'];
  if (processes !== undefined) args.push(`--nproc=${processes}`);
  return [...args, '--'];
}

/** Tasks (processes and threads) whose real user is `uid`: what RLIMIT_NPROC counts. */
function tasksOfUser(uid: number): number {
  let tasks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) !== uid) continue;
      tasks += Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1);
    } catch {
      // the process ended while being read
    }
  }
  return tasks;
}

/**
 * RLIMIT_NPROC for a command run without bubblewrap. The kernel counts every task of the user, not only the
 * command's, so the ceiling is what the user runs now plus `processes`. Root is exempt from RLIMIT_NPROC, so for
 * root this is undefined and only the process-group watch of `runProgram` caps the command.
 */
export function hostProcessCeiling(processes: number, uid: number | undefined = process.getuid?.()): number | undefined {
  if (uid === undefined || uid === 0) return undefined;
  return tasksOfUser(uid) + processes;
}

/**
 * Tasks (processes and threads) of a command started as `pid` in its own process group, read from /proc: those in
 * its process group and those descending from it (a sandbox's processes start a new session, and orphans inside
 * the sandbox stay under its init).
 */
export function tasksOfCommand(pid: number): number {
  const table = new Map<number, { ppid: number; pgrp: number; threads: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // after the parenthesised command name: state ppid pgrp session tty_nr tpgid flags ... (num_threads is the 18th)
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), pgrp: Number(fields[2]), threads: Number(fields[17] ?? 1) || 1 });
    } catch {
      // the process ended while being read
    }
  }
  const ofCommand = (candidate: number): boolean => {
    for (let current = candidate, hops = 0; current > 1 && hops < 4096; hops += 1) {
      const info = table.get(current);
      if (!info) return false;
      if (current === pid || info.pgrp === pid) return true;
      current = info.ppid;
    }
    return false;
  };
  let tasks = 0;
  for (const [candidate, info] of table) if (ofCommand(candidate)) tasks += info.threads;
  return tasks;
}

const MEMORY_MESSAGES = /memory exhausted|cannot allocate memory|MemoryError|out of memory|bad_alloc|failed to allocate/i;
const PROCESS_MESSAGES = /resource temporarily unavailable|cannot fork|can't fork|fork: retry|fork failed/i;
const FILE_SIZE_MESSAGES = /file too large/i;

function signalName(code: number): string | undefined {
  return Object.entries(constants.signals).find(([, n]) => n === code)?.[0];
}

/**
 * Which limit a finished command ran into, if any: SIGXCPU (CPU time), SIGXFSZ (file size), or, for a failed
 * command, the message programs print when an allocation or a fork fails. Under bubblewrap a signal arrives as
 * exit code 128 + signal.
 */
export function limitReached(result: Pick<ProgramResult, 'exit_code' | 'signal' | 'stderr'>): ShellLimit | undefined {
  const signal = result.signal ?? (result.exit_code !== null && result.exit_code > 128 ? signalName(result.exit_code - 128) : undefined);
  if (signal === 'SIGXCPU') return 'cpu';
  if (signal === 'SIGXFSZ') return 'file-size';
  if (result.exit_code === 0 && result.signal === null) return undefined;
  if (MEMORY_MESSAGES.test(result.stderr)) return 'memory';
  if (PROCESS_MESSAGES.test(result.stderr)) return 'processes';
  if (FILE_SIZE_MESSAGES.test(result.stderr)) return 'file-size';
  return undefined;
}

/** The policy field and value of a limit, for messages. */
export function describeLimit(limit: ShellLimit, limits: ResourceLimits): string {
  switch (limit) {
    case 'memory':
      return `memory limit of ${limits.memoryBytes} bytes (limits.memoryBytes)`;
    case 'processes':
      return `process limit of ${limits.processes} (limits.processes)`;
    case 'cpu':
      return `CPU limit of ${limits.cpuSeconds} s (limits.cpuSeconds)`;
    case 'file-size':
      return `file-size limit of ${limits.fileSizeBytes} bytes (limits.fileSizeBytes)`;
  }
}

/** The error for a command that ran into `limit`, carrying its result in `details`. */
export function limitError(command: string, limit: ShellLimit, limits: ResourceLimits, result: ProgramResult, cause?: unknown): ShellLimitError {
  const tail = result.stderr.trim().split('\n').slice(-1)[0] ?? '';
  return new ShellLimitError(limit, `${command} ran into the ${describeLimit(limit, limits)} and was stopped${tail ? `: ${tail}` : ''}`, {
    details: { limit, ...result },
    ...(cause === undefined ? {} : { cause }),
  });
}
