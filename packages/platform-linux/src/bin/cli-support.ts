import { readFileSync } from 'node:fs';
import type { AppAllowList } from '../desktop/app-allow-list.js';
import { AppAllowListSchema } from '../desktop/app-allow-list.js';
import { ServerConfigError } from '../errors.js';
import type { ShellPolicyInput } from '../shell/shell-policy.js';

/** Reads and parses a JSON file, with the file name in errors. */
export function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ServerConfigError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Reads an application allow-list file (JSON array of {name, command, args?, description?}). */
export function readAppAllowList(path: string): AppAllowList {
  const parsed = AppAllowListSchema.safeParse(readJsonFile(path));
  if (!parsed.success) throw new ServerConfigError(`invalid application allow-list in ${path}: ${parsed.error.message}`);
  return parsed.data;
}

/** Reads a shell policy file (validated later by compileShellPolicy). */
export function readShellPolicy(path: string): ShellPolicyInput {
  return readJsonFile(path) as ShellPolicyInput;
}

/** Runs `onSignal` once on SIGINT/SIGTERM/SIGHUP, then exits with 128 + the signal number. */
export function onTerminationSignal(onSignal: () => Promise<unknown>): void {
  let done = false;
  const numbers: Record<string, number> = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (done) return;
      done = true;
      void onSignal()
        .catch(() => undefined)
        .finally(() => process.exit(128 + (numbers[signal] ?? 15)));
    });
  }
}

/** Prints an error for people and exits 1. */
export function fail(error: unknown): never {
  const code = (error as { code?: string }).code;
  process.stderr.write(`error${code ? ` [${code}]` : ''}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
