import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A line a child printed, parsed as JSON (or `{ text }` when it is not JSON). */
export type Line = Record<string, unknown>;

/** A spawned fixture process and the JSON lines it printed on stdout and stderr. */
export interface ChildHandle {
  child: ChildProcess;
  pid: number;
  stdout: Line[];
  stderr: Line[];
  /** Resolves with the first line (already printed or future) matching `predicate`; rejects after `timeoutMs`. */
  waitFor(stream: 'stdout' | 'stderr', predicate: (line: Line) => boolean, timeoutMs?: number, what?: string): Promise<Line>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after 3 s). */
  stop(): Promise<void>;
}

/** Spawns `node <script> <json config>` and collects its JSON lines. */
export function spawnFixture(script: string, config: Record<string, unknown>): ChildHandle {
  const child = spawn(process.execPath, [script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<'stdout' | 'stderr', Line[]> = { stdout: [], stderr: [] };
  const waiters = new Set<{ stream: 'stdout' | 'stderr'; predicate: (line: Line) => boolean; resolve: (line: Line) => void }>();
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (text) => {
      let line: Line;
      try {
        const parsed: unknown = JSON.parse(text);
        line = parsed !== null && typeof parsed === 'object' ? (parsed as Line) : { text };
      } catch {
        line = { text };
      }
      lines[stream].push(line);
      for (const waiter of waiters) {
        if (waiter.stream === stream && waiter.predicate(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    });
  }
  const exited = once(child, 'exit');
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid!,
    stdout: lines.stdout,
    stderr: lines.stderr,
    waitFor(stream, predicate, timeoutMs = 10_000, what = 'a line') {
      const seen = lines[stream].find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise<Line>((resolve, reject) => {
        const waiter = {
          stream,
          predicate,
          resolve: (line: Line) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${what} on ${stream} of pid ${child.pid}; last lines: ${JSON.stringify(lines[stream].slice(-5))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async kill() {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Polls `predicate` until it holds; throws after `timeoutMs`. */
export async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
