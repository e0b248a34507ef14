import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RobustnessReportSchema, formatRobustnessTable, robustnessCells, writeRobustnessReport, type RobustnessRun } from '../../src/index.js';

const run = (model: string, arm: 'on' | 'off', id: string, passed: boolean, extra: Partial<RobustnessRun> = {}): RobustnessRun => ({
  model,
  arm,
  id,
  run: 1,
  passed,
  modelCalls: 4,
  steps: 4,
  noProgressEvents: 0,
  ms: 100,
  detail: passed ? 'ok' : 'bad',
  ...extra,
});

describe('the robustness table', () => {
  const results = [
    run('imperfect:stubborn', 'on', 'a', false, { stopReason: 'no_progress', modelCalls: 3, cause: 'disabled', trapCause: 'disabled' }),
    run('imperfect:stubborn', 'on', 'b', true, { modelCalls: 5 }),
    run('imperfect:stubborn', 'off', 'a', false, { stopReason: 'max_steps', modelCalls: 12 }),
    run('imperfect:stubborn', 'off', 'b', false, { stopReason: 'max_steps', modelCalls: 12 }),
    run('reference', 'on', 'a', true),
    run('reference', 'on', 'c', false, { skipped: true }),
  ];

  it('counts tasks passed per model and arm, model calls per task and NO_PROGRESS stops; skipped runs do not count', () => {
    const cells = robustnessCells(results);
    expect(cells).toEqual([
      { model: 'imperfect:stubborn', arm: 'on', passed: 1, ran: 2, rate: 0.5, modelCallsPerTask: 4, noProgressStops: 1, trapStops: 1, trapRuns: 1 },
      { model: 'imperfect:stubborn', arm: 'off', passed: 0, ran: 2, rate: 0, modelCallsPerTask: 12, noProgressStops: 0, trapStops: 0, trapRuns: 0 },
      { model: 'reference', arm: 'on', passed: 1, ran: 1, rate: 1, modelCallsPerTask: 4, noProgressStops: 0, trapStops: 0, trapRuns: 0 },
    ]);
  });

  it('writes the JSON (schema-checked) and an HTML table beside it, and prints a text table', () => {
    const report = {
      arms: { on: 'guards', off: 'none' },
      tasks: ['a', 'b', 'c'],
      runs: 1,
      cells: robustnessCells(results),
      results,
      loadAverage: { start: 1, end: 2 },
      durationMs: 5,
    };
    const dir = mkdtempSync(join(tmpdir(), 'robustness-'));
    try {
      const { json, html } = writeRobustnessReport(join(dir, 'robustness.json'), report);
      expect(RobustnessReportSchema.parse(JSON.parse(readFileSync(json, 'utf8'))).cells).toHaveLength(3);
      const page = readFileSync(html, 'utf8');
      expect(page).toContain('<td>imperfect:stubborn</td><td class="bad">1/2 (50%)</td>');
      expect(page).toContain('max_steps');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const table = formatRobustnessTable(report);
    expect(table.split('\n')[2]).toMatch(/^imperfect:stubborn\s+1\/2 \(50%\)\s+0\/2 \(0%\)\s+4\s+1\s+1\/1$/);
  });
});
