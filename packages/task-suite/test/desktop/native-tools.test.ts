// Two tasks on real apps with the agent in native tool mode: the grounded model answers each step with tool calls
// (one per action, then respond), the engine reads them into its reply and the checker reads the real state.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { describe, expect, it } from 'vitest';
import { formatResultsTable } from '../../src/run/eval-report.js';
import { runSuite } from '../../src/run/run-suite.js';

const availability = checkDesktopAvailability([]);
const describeDesktop = availability.available ? describe : describe.skip;

describeDesktop('the task suite in native tool mode', () => {
  it('a click task and a save-through-the-file-dialog task pass with tool calls', { timeout: 240_000 }, async () => {
    const logRoot = mkdtempSync(join(tmpdir(), 'ufo-native-suite-'));
    try {
      const results = await runSuite({ ids: ['galculator-clicks', 'mousepad-save-as'], toolMode: 'native', logRoot });
      process.stderr.write(`\n[task-suite] native tool mode\n${formatResultsTable(results, {})}\n`);
      expect(results.filter((r) => r.skipped)).toEqual([]);
      expect(results.map((r) => `${r.id}: ${r.passed ? 'passed' : (r.error ?? r.detail)}`).sort()).toEqual([
        'galculator-clicks: passed',
        'mousepad-save-as: passed',
      ]);
      for (const result of results) {
        // every step of the run really was answered with tool calls, ending with respond
        const steps = readFileSync(join(result.logFolder!, 'response.log'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
          .filter((l) => l.type === 'step');
        expect(steps.length).toBeGreaterThan(1);
        for (const step of steps) expect(step.tool_calls.at(-1).name).toBe('respond');
      }
    } finally {
      rmSync(logRoot, { recursive: true, force: true });
    }
  });
});
