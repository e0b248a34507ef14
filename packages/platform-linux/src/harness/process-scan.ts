import { readdirSync, readFileSync } from 'node:fs';

/** Whether a process is running, a zombie (exited, waiting to be reaped by its parent), or gone. */
export type ProcessState = 'running' | 'zombie' | 'gone';

/** State of a process from /proc. */
export function processState(pid: number): ProcessState {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? 'zombie' : 'running';
  } catch {
    return 'gone';
  }
}

/**
 * Pids of the running processes whose environment holds `name=value` (every process of one desktop inherits its
 * marker variable, including D-Bus-activated services the desktop did not spawn itself). Linux only; processes of
 * other users are skipped.
 */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = `${name}=${value}\0`;
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${entry}/environ`, 'latin1')}\0`.includes(needle)) out.push(pid);
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return out;
}

/** Sends a signal to each pid, ignoring processes that are already gone. */
export function signalPids(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
