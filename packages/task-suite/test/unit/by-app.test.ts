import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byAppTable, formatByAppTable } from '../../src/run/by-app.js';
import { EvalReportSchema, evalReport, formatResultsTable, writeEvalReport } from '../../src/run/eval-report.js';
import type { SuiteRunResult } from '../../src/run/run-suite.js';

const dir = mkdtempSync(join(tmpdir(), 'by-app-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(id: string, app: string, passed: boolean, steps: number, extra: Partial<SuiteRunResult> = {}): SuiteRunResult {
  return {
    id,
    app,
    toolkit: 'VCL',
    passed,
    steps,
    ms: 1000,
    cost: 0,
    detail: '',
    run: 1,
    modelCalls: steps,
    noProgressEvents: 0,
    finishChecks: { made: 0, failed: 0 },
    ...extra,
  };
}

const RESULTS: SuiteRunResult[] = [
  run('writer-a', 'libreoffice-writer', true, 12),
  run('writer-b', 'libreoffice-writer', true, 40),
  run('writer-c', 'libreoffice-writer', false, 100),
  run('writer-a', 'libreoffice-writer', true, 16, { run: 2 }),
  run('calc-a', 'libreoffice-calc', true, 90),
  run('calc-b', 'libreoffice-calc', false, 0, { skipped: true, detail: 'not installed: soffice' }),
  run('impress-a', 'libreoffice-impress', false, 0, { skipped: true }),
];

describe('pass rates by app and step budget', () => {
  it('counts a run at a budget when it passed within that many steps; skipped runs apart', () => {
    const table = byAppTable(RESULTS);
    expect(table.budgets).toEqual([15, 50, 100]);
    expect(table.apps.map((r) => r.app)).toEqual(['libreoffice-writer', 'libreoffice-calc', 'libreoffice-impress']);
    expect(table.apps[0]).toEqual({
      app: 'libreoffice-writer',
      tasks: 3,
      runs: 4,
      skipped: 0,
      passedAt15: 1,
      passedAt50: 3,
      passedAt100: 3,
      rateAt15: 0.25,
      rateAt50: 0.75,
      rateAt100: 0.75,
    });
    expect(table.apps[1]).toMatchObject({ tasks: 1, runs: 1, skipped: 1, passedAt15: 0, passedAt50: 0, passedAt100: 1, rateAt100: 1 });
    expect(table.apps[2]).toMatchObject({ tasks: 0, runs: 0, skipped: 1, rateAt15: null, rateAt50: null, rateAt100: null });
    expect(table.overall).toEqual({
      app: 'overall',
      tasks: 4,
      runs: 5,
      skipped: 2,
      passedAt15: 1,
      passedAt50: 3,
      passedAt100: 4,
      rateAt15: 0.2,
      rateAt50: 0.6,
      rateAt100: 0.8,
    });
  });

  it('prints the table with the overall row last', () => {
    const text = formatByAppTable(byAppTable(RESULTS));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^app\s+tasks\s+runs\s+passed@15\s+passed@50\s+passed@100\s+skipped$/);
    expect(lines[2]).toMatch(/^libreoffice-writer\s+3\s+4\s+1 \(25%\)\s+3 \(75%\)\s+3 \(75%\)\s+0$/);
    expect(lines[4]).toMatch(/^libreoffice-impress\s+0\s+0\s+-\s+-\s+-\s+1$/);
    expect(lines.at(-1)).toMatch(/^overall\s+4\s+5\s+1 \(20%\)\s+3 \(60%\)\s+4 \(80%\)\s+2$/);
    expect(formatResultsTable(RESULTS)).toContain(text);
  });

  it('is in the eval JSON (old reports without it still parse) and in the HTML report', () => {
    const report = EvalReportSchema.parse(evalReport(RESULTS, 'reference'));
    expect(report.byApp?.overall.passedAt100).toBe(4);
    const { byApp: _dropped, ...old } = report;
    expect(EvalReportSchema.safeParse(old).success).toBe(true);
    const written = writeEvalReport(join(dir, 'eval.json'), RESULTS, 'reference');
    expect(EvalReportSchema.parse(JSON.parse(readFileSync(written.json, 'utf8'))).byApp?.apps).toHaveLength(3);
    const html = readFileSync(written.html, 'utf8');
    expect(html).toContain('<h2>By app and step budget</h2>');
    expect(html).toContain('<tr><td>libreoffice-writer</td><td>3</td><td>4</td><td>1 (25%)</td><td>3 (75%)</td><td>3 (75%)</td><td>0</td></tr>');
    expect(html).toContain('<tr class="overall"><td>overall</td>');
  });
});
