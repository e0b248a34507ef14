import { escapeHtml, readTrajectory, writeHtmlReport } from '@ufo-ts/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { z } from 'zod';
import { ByAppTableSchema, byAppHtml, byAppTable, formatByAppTable } from './by-app.js';
import type { SuiteRunResult } from './run-suite.js';

/** The JSON `ufo eval --json FILE` writes. */
export const EvalReportSchema = z.object({
  tasks: z.array(
    z.object({
      id: z.string(),
      app: z.string(),
      passed: z.boolean(),
      steps: z.number().int().nonnegative(),
      ms: z.number().nonnegative(),
      run: z.number().int().positive(),
      cost: z.number().nonnegative(),
      detail: z.string(),
      error: z.string().optional(),
      skipped: z.boolean().optional(),
      /** Calls to the model. */
      modelCalls: z.number().int().nonnegative(),
      /** Why the session stopped (`finished`, `failed`, `no_progress`, `max_steps`, `error`, `cancelled`); absent when it never ran. */
      stopReason: z.string().optional(),
      /** The progress monitor's judgements during the run. */
      noProgressEvents: z.number().int().nonnegative(),
      /** FINISH checks made and failed. */
      finishChecks: z.object({ made: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
      /** When the monitor ended the run: what it detected and the likely cause. */
      noProgress: z.object({ detection: z.string(), cause: z.string(), step: z.number().int() }).optional(),
      /**
       * With `--cache`: `hit` (every step from the cache), `healed` (the model took some), `miss` (no cached run);
       * cached steps that showed their effect, steps the model took in their place, and whether the run was recorded.
       */
      cache: z
        .object({
          outcome: z.enum(['hit', 'healed', 'miss']),
          hits: z.number().int().nonnegative(),
          healed: z.number().int().nonnegative(),
          saved: z.boolean(),
        })
        .optional(),
    }),
  ),
  /** Passed runs / all runs that were not skipped. */
  successRate: z.number().min(0).max(1),
  model: z.string(),
  /**
   * Pass rates by app at the step budgets 15, 50 and 100 (a run counts at a budget when it passed within that
   * many steps), and overall. Absent in reports written before it was added.
   */
  byApp: ByAppTableSchema.optional(),
});
/** What `ufo eval --json` writes (see {@link EvalReportSchema}). */
export type EvalReport = z.infer<typeof EvalReportSchema>;

/** The report of a suite run. */
export function evalReport(results: readonly SuiteRunResult[], model: string): EvalReport {
  const ran = results.filter((r) => !r.skipped);
  return {
    tasks: results.map((r) => ({
      id: r.id,
      app: r.app,
      passed: r.passed,
      steps: r.steps,
      ms: r.ms,
      run: r.run,
      cost: r.cost,
      detail: r.detail,
      ...(r.error ? { error: r.error } : {}),
      ...(r.skipped ? { skipped: true } : {}),
      modelCalls: r.modelCalls,
      ...(r.stopReason ? { stopReason: r.stopReason } : {}),
      noProgressEvents: r.noProgressEvents,
      finishChecks: r.finishChecks,
      ...(r.noProgress ? { noProgress: r.noProgress } : {}),
      ...(r.cache ? { cache: { outcome: r.cache.outcome, hits: r.cache.hits, healed: r.cache.healed, saved: r.cache.saved } } : {}),
    })),
    successRate: ran.length ? ran.filter((r) => r.passed).length / ran.length : 0,
    model,
    byApp: byAppTable(results),
  };
}

/**
 * The results as a plain-text table: task, app, pass/fail, steps, time, cost; then the success rate and the pass
 * rates by app at the step budgets 15, 50 and 100 ({@link formatByAppTable}).
 */
export function formatResultsTable(results: readonly SuiteRunResult[], knownFailures: Readonly<Record<string, string>> = {}): string {
  const rows = results.map((r) => [
    r.id + (results.some((o) => o.run > 1) ? ` #${r.run}` : ''),
    r.app,
    r.skipped ? 'skipped' : r.passed ? 'pass' : knownFailures[r.id] ? 'FAIL (known)' : 'FAIL',
    String(r.steps),
    `${(r.ms / 1000).toFixed(1)} s`,
    `$${r.cost.toFixed(4)}`,
    `${r.modelCalls}${r.cache ? ` (cache ${r.cache.outcome})` : ''}`,
    r.stopReason ?? '-',
  ]);
  const header = ['task', 'app', 'result', 'steps', 'time', 'cost', 'calls', 'stop'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const ran = results.filter((r) => !r.skipped);
  const passed = ran.filter((r) => r.passed).length;
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `passed ${passed}/${ran.length}${ran.length ? ` (${Math.round((100 * passed) / ran.length)}%)` : ''}`,
    '',
    'by app and step budget (a run counts at a budget when it passed within that many steps):',
    formatByAppTable(byAppTable(results)),
  ].join('\n');
}

/**
 * Writes the JSON report to `jsonPath` and the HTML report beside it (same name, `.html`): the results table,
 * each failure's reason, and links to each run's own session report (written into its log folder).
 */
export function writeEvalReport(jsonPath: string, results: readonly SuiteRunResult[], model: string): { json: string; html: string } {
  mkdirSync(dirname(jsonPath), { recursive: true });
  const report = evalReport(results, model);
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const htmlPath = join(dirname(jsonPath), `${basename(jsonPath, extname(jsonPath))}.html`);
  const rows = results.map((r) => {
    let link = '';
    if (r.logFolder) {
      try {
        const page = writeHtmlReport(r.logFolder, readTrajectory(r.logFolder), { title: `${r.id} — ${r.app}` });
        link = `<a href="${escapeHtml(relative(dirname(htmlPath), page))}">session</a>`;
      } catch {
        link = '(no session log)';
      }
    }
    const result = r.skipped ? 'skipped' : r.passed ? 'pass' : 'FAIL';
    return `<tr class="${result.toLowerCase()}"><td>${escapeHtml(r.id)}</td><td>${r.run}</td><td>${escapeHtml(r.app)}</td><td>${result}</td><td>${r.steps}</td><td>${(r.ms / 1000).toFixed(1)} s</td><td>$${r.cost.toFixed(4)}</td><td>${r.modelCalls}${r.cache ? ` (cache ${r.cache.outcome})` : ''}</td><td>${escapeHtml(r.stopReason ?? '')}${r.noProgress ? ` (${escapeHtml(r.noProgress.detection)}, ${escapeHtml(r.noProgress.cause)})` : ''}</td><td>${escapeHtml(r.detail)}${r.error ? `<br><small>${escapeHtml(r.error)}</small>` : ''}</td><td>${link}</td></tr>`;
  });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ufo eval</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}table.by-app tr.overall td{font-weight:bold}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}tr.pass td:nth-child(4){color:#060}tr.fail td:nth-child(4){color:#a00;font-weight:bold}small{color:#555}</style></head>
<body><h1>ufo eval</h1><p>Model: ${escapeHtml(model)} — success rate ${(report.successRate * 100).toFixed(0)}%</p>
<table><tr><th>task</th><th>run</th><th>app</th><th>result</th><th>steps</th><th>time</th><th>cost</th><th>model calls</th><th>stop</th><th>what the checker read</th><th>log</th></tr>
${rows.join('\n')}
</table>
<h2>By app and step budget</h2>
<p>A run counts as passed at a budget when it passed using at most that many steps.</p>
${byAppHtml(report.byApp ?? byAppTable(results))}
</body></html>
`;
  writeFileSync(htmlPath, html);
  return { json: jsonPath, html: htmlPath };
}
