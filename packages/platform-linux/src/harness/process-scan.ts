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

/**
 * The pid and the pids of all its running descendants (from the parent pids in /proc). A launcher script or a
 * splash program (LibreOffice's `soffice` → `oosplash` → `soffice.bin`) shows its windows from a child process.
 */
export function processFamily(pid: number): Set<number> {
  const parents = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return new Set([pid]);
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const children = parents.get(parent) ?? [];
      children.push(Number(entry));
      parents.set(parent, children);
    } catch {
      // exited meanwhile
    }
  }
  const family = new Set([pid]);
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.pop()!) ?? []) {
      if (!family.has(child)) {
        family.add(child);
        queue.push(child);
      }
    }
  }
  return family;
}
