import type { CheckResult, TaskWorkspace } from '../task.js';
import type { Checker } from './checker-schema.js';
import { checkControls } from './controls-check.js';
import { checkDocument } from './document-check.js';
import { CHECK_RETRY_MS, checkCsv, checkFile } from './file-checks.js';
import { checkSettings } from './settings-check.js';
import { checkSheet } from './sheet-check.js';
import { checkSlides } from './slides-check.js';

/**
 * Runs a checker of a task file (placeholders already substituted) against the real state. Never throws: a file
 * that is missing or cannot be parsed is a failed check whose detail says so.
 *
 * @example
 * ```ts
 * const result = await runChecker({ check: 'file', path: '/tmp/t/note.txt', contains: ['milk'] }, ctx);
 * console.log(result.passed, result.detail); // true '/tmp/t/note.txt holds "Shopping list: milk"'
 * ```
 */
export async function runChecker(checker: Checker, ctx: TaskWorkspace, options: RunCheckerOptions = {}): Promise<CheckResult> {
  try {
    return await dispatch(checker, ctx, options.retryMs ?? CHECK_RETRY_MS);
  } catch (error) {
    return { passed: false, detail: `${checker.check} check: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Options of {@link runChecker}. */
export interface RunCheckerOptions {
  /** How long a checker reading a file or a window keeps reading until the state is right (default 5000 ms; 0 reads once). */
  retryMs?: number;
}

async function dispatch(checker: Checker, ctx: TaskWorkspace, retryMs: number): Promise<CheckResult> {
  switch (checker.check) {
    case 'file':
      return checkFile(checker, retryMs);
    case 'csv':
      return checkCsv(checker, retryMs);
    case 'settings':
      return checkSettings(checker, retryMs);
    case 'controls':
      return checkControls(checker, ctx, retryMs);
    case 'document':
      return checkDocument(checker, retryMs);
    case 'sheet':
      return checkSheet(checker, retryMs);
    case 'slides':
      return checkSlides(checker, retryMs);
    case 'all': {
      const results: CheckResult[] = [];
      for (const part of checker.of) results.push(await runChecker(part, ctx, { retryMs }));
      return { passed: results.every((r) => r.passed), detail: results.map((r) => `${r.passed ? '✓' : '✗'} ${r.detail}`).join('; ') };
    }
    case 'any': {
      const results: CheckResult[] = [];
      for (const part of checker.of) {
        const result = await runChecker(part, ctx, { retryMs });
        if (result.passed) return { passed: true, detail: `✓ ${result.detail}` };
        results.push(result);
      }
      return { passed: false, detail: `none passed: ${results.map((r) => `✗ ${r.detail}`).join('; ')}` };
    }
  }
}
