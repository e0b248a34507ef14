import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processFamily, signalPids } from '../../src/harness/process-scan.js';
import { waitFor } from '../../src/util/wait.js';

/** The pids whose parent is `pid` (from /proc/PID/task/PID/children). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe.skipIf(process.platform !== 'linux')('processFamily', () => {
  it('holds the pid and its descendants (a launcher whose child shows the window: soffice → oosplash → soffice.bin)', async () => {
    // sh starts sleep in the background and waits: the sleep is sh's child, not the spawned process itself
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      const sleeper = await waitFor(async () => childrenOf(shell.pid!)[0], { timeoutMs: 5000, what: 'the sleep child' });
      const family = processFamily(shell.pid!);
      expect(family.has(shell.pid!)).toBe(true);
      expect(family.has(sleeper)).toBe(true);
      // the family is downward only: neither this process nor its siblings
      expect(family.has(process.pid)).toBe(false);
      expect(family.size).toBe(2);
      // the sleep's own family is itself
      expect([...processFamily(sleeper)]).toEqual([sleeper]);
    } finally {
      const exited = new Promise((resolve) => shell.once('exit', resolve));
      // the sleep first (sh waits for it), then sh
      signalPids(childrenOf(shell.pid!), 'SIGKILL');
      if (shell.exitCode === null && shell.signalCode === null) {
        shell.kill('SIGKILL');
        await exited;
      }
    }
  });

  it('is the pid alone for a process with no children (or one that is gone)', () => {
    expect([...processFamily(2 ** 22 + 12345)]).toEqual([2 ** 22 + 12345]);
  });
});
