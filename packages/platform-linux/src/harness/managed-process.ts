import { spawn, type ChildProcess } from 'node:child_process';

/** How a child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  error?: Error;
}

/** A child process this package started and will stop. */
export interface ManagedProcess {
  /** Short name for messages, e.g. `Xvfb`. */
  readonly name: string;
  readonly child: ChildProcess;
  /** Process id (undefined if the spawn failed). */
  readonly pid: number | undefined;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<ProcessExit>;
  /** Whether the process is still running. */
  running(): boolean;
  /** The last few KB the process wrote to stderr (for error messages). */
  stderrTail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Options of {@link spawnManaged}. */
export interface SpawnManagedOptions {
  env: NodeJS.ProcessEnv;
  /** Extra stdio entries after stdin/stdout/stderr (e.g. `['pipe']` for fd 3). */
  extraStdio?: ('pipe' | 'ignore')[];
  /** Working directory. */
  cwd?: string;
  /** Pipe stdout instead of ignoring it. */
  pipeStdout?: boolean;
  /** Receives every stderr chunk, prefixed with the process name. */
  log?: (line: string) => void;
}

const TAIL_BYTES = 4096;

/** Spawns a process (no shell) and keeps what is needed to stop it and explain its failures. */
export function spawnManaged(name: string, command: string, args: readonly string[], options: SpawnManagedOptions): ManagedProcess {
  const child = spawn(command, [...args], {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', options.pipeStdout ? 'pipe' : 'ignore', 'pipe', ...(options.extraStdio ?? [])],
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-TAIL_BYTES);
    options.log?.(`[${name}] ${chunk.trimEnd()}`);
  });
  let finished = false;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('error', (error) => {
      finished = true;
      resolve({ code: null, signal: null, error });
    });
    child.once('exit', (code, signal) => {
      finished = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    child,
    pid: child.pid,
    exited,
    running: () => !finished && child.exitCode === null && child.signalCode === null,
    stderrTail: () => tail.trim(),
    async stop(graceMs = 2000) {
      if (finished || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Reads the first line a stream writes (e.g. Xvfb's display number on its -displayfd). */
export function readFirstLine(stream: NodeJS.ReadableStream, timeoutMs: number, what: string, exited: Promise<ProcessExit>): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const cleanup = (): void => {
      clearTimeout(timer);
      stream.off('data', onData);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const onData = (chunk: Buffer | string): void => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        cleanup();
        resolve(buffer.slice(0, newline).trim());
      }
    };
    stream.on('data', onData);
    void exited.then((exit) => {
      cleanup();
      reject(new Error(`${what}: the process exited first (${exit.error?.message ?? `code ${exit.code}, signal ${exit.signal}`})`));
    });
  });
}
