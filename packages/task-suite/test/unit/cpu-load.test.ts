// startCpuLoad's children spin until their own time budget ends, then exit by themselves.
import { describe, expect, it } from 'vitest';
import { startCpuLoad } from '../../src/run/cpu-load.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startCpuLoad', () => {
  it('runs a child that spins for maxMs and then exits without being stopped', async () => {
    const load = startCpuLoad(1, 1500);
    const [pid] = load.pids;
    try {
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(alive(pid!)).toBe(true);
      const until = performance.now() + 5000;
      while (alive(pid!) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alive(pid!)).toBe(false);
    } finally {
      await load.stop();
    }
  }, 10_000);
});
