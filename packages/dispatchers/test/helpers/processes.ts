import { readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * True while a process with this pid exists and is not a zombie (an exited orphan waiting to be reaped: in
 * containers whose init reaps slowly it still answers `kill(pid, 0)` for a while).
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true; // no procfs: trust kill(pid, 0)
  }
}

/** Polls `predicate` until it is true; throws after `timeoutMs`. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A child process running a bundled fixture, with the first JSON line it printed. */
export interface FixtureProcess<T> {
  child: ChildProcess;
  pid: number;
  info: T;
  /** Resolves once the child wrote `text` to stderr (from the moment of the call on). */
  waitForStderr(text: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/** Spawns `node <script>` and waits for its first stdout line (parsed as JSON). */
export async function spawnFixture<T>(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<FixtureProcess<T>> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderrWaiters = new Set<{ text: string; seen: string; resolve: () => void }>();
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    for (const waiter of stderrWaiters) {
      waiter.seen += chunk;
      if (waiter.seen.includes(waiter.text)) {
        stderrWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  });
  const lines = createInterface({ input: child.stdout! });
  const first = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`fixture ${script} exited (${code}) before printing`)));
  });
  const line = await first;
  lines.close();
  return {
    child,
    pid: child.pid!,
    info: JSON.parse(line) as T,
    waitForStderr: (text, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" on stderr within ${timeoutMs} ms`)), timeoutMs);
        stderrWaiters.add({ text, seen: '', resolve: () => (clearTimeout(timer), resolve()) });
      }),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
