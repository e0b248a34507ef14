import { existsSync } from 'node:fs';
import type { CheckResult } from '../task.js';
import { readUntil } from '../tasks/checks.js';
import { CHECK_RETRY_MS } from './file-checks.js';

/**
 * Reads an office file and judges it, again and again until the judgement passes or ~5 s have gone (apps save
 * asynchronously, and a half-written file does not parse). A missing or unreadable file is a failed result that
 * says so; nothing throws.
 */
export async function judgeFile<T>(
  path: string,
  read: (path: string) => Promise<T>,
  judge: (model: T) => CheckResult,
  timeoutMs = CHECK_RETRY_MS,
): Promise<CheckResult> {
  const attempt = async (): Promise<CheckResult> => {
    if (!existsSync(path)) return { passed: false, detail: `${path} does not exist` };
    let model: T;
    try {
      model = await read(path);
    } catch (error) {
      return { passed: false, detail: `${path} could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
    return judge(model);
  };
  return readUntil(attempt, (r) => r.passed, timeoutMs);
}

/** Numbers equal within a relative tolerance of 1e-9 (and an absolute one of 1e-12 near zero). */
export function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1e-12, 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
}

/** A text quoted and shortened for a detail line. */
export function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}
