import { spawn, type ChildProcess } from 'node:child_process';

/** CPU-bound child processes (busy loops), for running the suite under load. */
export interface CpuLoad {
  readonly pids: number[];
  /** Kills the children and waits until they are gone. */
  stop(): Promise<void>;
}

/**
 * Starts `count` Node processes that spin on the CPU until {@link CpuLoad.stop} (or `maxMs`, default 15 minutes,
 * after which each exits by itself, so a crashed parent cannot leave them running).
 */
export function startCpuLoad(count: number, maxMs = 15 * 60_000): CpuLoad {
  // the child's own time: how long it has spun, not engine time
  const spin = 'let x = 0; while (performance.now() < end) { for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0; }';
  const script = `const end = performance.now() + ${Math.max(1, Math.floor(maxMs))}; ${spin}`;
  const children: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }));
  return {
    pids: children.map((c) => c.pid ?? -1),
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
