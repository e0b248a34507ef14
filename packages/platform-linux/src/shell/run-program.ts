import { spawn } from 'node:child_process';
import { ShellFailedError, ShellLimitError, ShellTimeoutError } from '../errors.js';
import { tasksOfCommand } from './resource-limits.js';

/** Options of {@link runProgram}. */
export interface RunProgramOptions {
  /** Absolute program path. */
  path: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Bytes kept of stdout and of stderr each; the process is killed after four times that in total. */
  outputLimitBytes: number;
  signal?: AbortSignal;
  /**
   * Most tasks (processes and threads) the program may have, counting its process group and its descendants:
   * checked every `processWatchMs`, the group is killed and {@link ShellLimitError} thrown once it has more. For
   * when the kernel does not enforce RLIMIT_NPROC (root is exempt from it). Default: no watch.
   */
  processCap?: number;
  /** How often the process cap is checked, in milliseconds. Default 20. */
  processWatchMs?: number;
}

/** What a program did. */
export interface ProgramResult {
  exit_code: number | null;
  /** Set when the process was killed by a signal. */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Output beyond the limit was dropped. */
  truncated: boolean;
  duration_ms: number;
}

/**
 * Runs a program directly (execve, no shell) in its own process group, collecting capped output. On timeout
 * or abort the whole group is killed and {@link ShellTimeoutError} is thrown.
 */
export function runProgram(options: RunProgramOptions): Promise<ProgramResult> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    let child;
    try {
      child = spawn(options.path, [...options.args], { cwd: options.cwd, env: options.env, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      reject(new ShellFailedError(`cannot start ${options.path}: ${(error as Error).message}`, { cause: error }));
      return;
    }
    const limit = options.outputLimitBytes;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let total = 0;
    let truncated = false;
    let killedFor: 'timeout' | 'output' | 'abort' | 'processes' | undefined;
    const killGroup = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const collect = (chunks: Buffer[], kept: number, chunk: Buffer): number => {
      total += chunk.length;
      if (kept < limit) chunks.push(chunk.subarray(0, limit - kept));
      if (kept + chunk.length > limit) truncated = true;
      if (total > limit * 4 && !killedFor) {
        killedFor = 'output';
        killGroup();
      }
      return Math.min(limit, kept + chunk.length);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes = collect(out, outBytes, chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errBytes = collect(err, errBytes, chunk);
    });
    const timer = setTimeout(() => {
      killedFor = 'timeout';
      killGroup();
    }, options.timeoutMs);
    const cap = options.processCap;
    const pgid = child.pid;
    const watch =
      cap !== undefined && pgid !== undefined
        ? setInterval(() => {
            if (killedFor || tasksOfCommand(pgid) <= cap) return;
            killedFor = 'processes';
            killGroup();
          }, options.processWatchMs ?? 20)
        : undefined;
    const onAbort = (): void => {
      killedFor = 'abort';
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new ShellFailedError(`cannot start ${options.path}: ${error.message}`, { cause: error }));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', onAbort);
      const result: ProgramResult = {
        exit_code: code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        truncated: truncated || killedFor === 'output',
        duration_ms: Math.round(performance.now() - started),
      };
      if (killedFor === 'processes') {
        reject(
          new ShellLimitError('processes', `${options.path} had more than ${cap} processes and threads at once and was killed`, {
            details: { limit: 'processes', ...result },
          }),
        );
        return;
      }
      if (killedFor === 'timeout' || killedFor === 'abort') {
        const tail = result.stdout.slice(-200).trim();
        reject(
          new ShellTimeoutError(
            `${options.path} ${killedFor === 'timeout' ? `ran longer than ${options.timeoutMs} ms` : 'was cancelled'} and was killed${tail ? `; last output: ${tail}` : ''}`,
            { details: { ...result } },
          ),
        );
        return;
      }
      resolvePromise(result);
    });
  });
}
