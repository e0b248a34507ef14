import { existsSync, readFileSync } from 'node:fs';
import { systemClock, type Clock } from '@ufo-ts/core';
import type { CheckedControl, CheckResult } from '../task.js';

/** Passes when the file exists and its text, with trailing whitespace ignored, is `expected`. */
export function fileHolds(path: string, expected: string): CheckResult {
  if (!existsSync(path)) return { passed: false, detail: `${path} does not exist` };
  const text = readFileSync(path, 'utf8');
  const passed = text.trimEnd() === expected.trimEnd();
  return { passed, detail: `${path} holds ${JSON.stringify(text)}${passed ? '' : `, expected ${JSON.stringify(expected)}`}` };
}

/** Passes when some control of the listing shows exactly `expected` (role filter optional). */
export function someControlShows(controls: readonly CheckedControl[], expected: string, roles?: readonly string[]): CheckResult {
  const texts = controls.filter((c) => (roles ? roles.includes(c.role) : true) && c.text !== undefined).map((c) => c.text!);
  const passed = texts.some((t) => t.trim() === expected);
  return { passed, detail: `the window's text controls show ${JSON.stringify(texts.slice(0, 8))}${passed ? '' : `, none is ${JSON.stringify(expected)}`}` };
}

/** A `key=value` entry of an INI-style settings file, or undefined. `section` limits the search to `[section]`. */
export function iniValue(text: string, key: string, section?: string): string | undefined {
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    if (section !== undefined && current !== section) continue;
    const eq = line.indexOf('=');
    if (eq > 0 && line.slice(0, eq).trim() === key) return line.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Waits until `read` returns a value `accept` takes, or `timeoutMs` (measured on `clock`'s monotonic time) passes;
 * returns the last value read. Reads are 100 ms apart.
 */
export async function readUntil<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000, clock: Clock = systemClock): Promise<T> {
  const deadline = clock.monotonic() + timeoutMs;
  let value = await read();
  while (!accept(value) && clock.monotonic() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
