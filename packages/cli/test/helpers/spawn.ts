import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A spawned program with its output lines. */
export interface Program {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first line matching (already printed or future); rejects after `timeoutMs`. */
  line(stream: 'stdout' | 'stderr', match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 3 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `node <script> ...args`. */
export function spawnProgram(script: string, args: string[], env: Record<string, string> = {}): Program {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const lines = { stdout: [] as string[], stderr: [] as string[] };
  const waiters = new Set<{ stream: 'stdout' | 'stderr'; match: (line: string) => boolean; resolve: (line: string) => void }>();
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (line) => {
      lines[stream].push(line);
      for (const waiter of waiters) if (waiter.stream === stream && waiter.match(line)) (waiters.delete(waiter), waiter.resolve(line));
    });
  }
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    ...lines,
    exited,
    line(stream, match, timeoutMs = 10_000) {
      const seen = lines[stream].find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { stream, match, resolve: (line: string) => (clearTimeout(timer), resolve(line)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `no matching line on ${stream} within ${timeoutMs} ms; got: ${lines[stream].slice(-5).join(' | ')} / stderr: ${lines.stderr.slice(-5).join(' | ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}
