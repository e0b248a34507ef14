import { escapeHtml } from '@ufo-ts/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { z } from 'zod';
import type { DesktopTask } from '../task.js';
import { runSuite, type RunSuiteOptions, type SuiteRunResult } from './run-suite.js';

/** One model of a robustness run: a name for the table and how to build it per task. */
export interface RobustnessModel {
  /** The row name (`reference`, `imperfect:stubborn`, `reference (batched)`). */
  name: string;
  /** The model per task (default: the task's reference player). */
  model?: RunSuiteOptions['model'];
  /** The reference player puts consecutive steps into one reply. */
  batchReplies?: boolean;
}

/** Options of {@link runRobustness}. */
export interface RobustnessOptions {
  models: readonly RobustnessModel[];
  /** The tasks (default: the suite's core tasks). */
  tasks?: readonly DesktopTask[];
  /** Task ids among `tasks` (default all). */
  ids?: readonly string[];
  /** Runs of each task per model and arm (default 1). */
  runs?: number;
  /** The arms: the engine's monitor and batch validation on (`enforce`, validated), off, or both (default both). */
  arms?: ReadonlyArray<'on' | 'off'>;
  /** Called after each task run. */
  onResult?: (result: RobustnessRun) => void;
}

/** One task run of a robustness matrix. */
export const RobustnessRunSchema = z.object({
  model: z.string(),
  arm: z.enum(['on', 'off']),
  id: z.string(),
  run: z.number().int().positive(),
  passed: z.boolean(),
  skipped: z.boolean().optional(),
  stopReason: z.string().optional(),
  modelCalls: z.number().int().nonnegative(),
  steps: z.number().int().nonnegative(),
  noProgressEvents: z.number().int().nonnegative(),
  /** When the monitor ended the run: the likely cause it named. */
  cause: z.string().optional(),
  /** A trap task's cause: the one the monitor should name. */
  trapCause: z.string().optional(),
  ms: z.number().nonnegative(),
  detail: z.string(),
});
/** See {@link RobustnessRunSchema}. */
export type RobustnessRun = z.infer<typeof RobustnessRunSchema>;

/** One cell of the table: a model in an arm, over every task and run. */
export const RobustnessCellSchema = z.object({
  model: z.string(),
  arm: z.enum(['on', 'off']),
  passed: z.number().int().nonnegative(),
  ran: z.number().int().nonnegative(),
  rate: z.number().min(0).max(1),
  modelCallsPerTask: z.number().nonnegative(),
  noProgressStops: z.number().int().nonnegative(),
  /** Runs of trap tasks the monitor stopped naming the trap's cause, out of `trapRuns`. */
  trapStops: z.number().int().nonnegative(),
  trapRuns: z.number().int().nonnegative(),
});
/** See {@link RobustnessCellSchema}. */
export type RobustnessCell = z.infer<typeof RobustnessCellSchema>;

/** What `ufo eval --robustness` writes (`bench/results/robustness.json`). */
export const RobustnessReportSchema = z.object({
  /** `on`: the monitor enforces and batches are validated; `off`: neither. */
  arms: z.record(z.string(), z.string()),
  tasks: z.array(z.string()),
  runs: z.number().int().positive(),
  cells: z.array(RobustnessCellSchema),
  results: z.array(RobustnessRunSchema),
  loadAverage: z.object({ start: z.number(), end: z.number() }),
  durationMs: z.number().nonnegative(),
});
/** See {@link RobustnessReportSchema}. */
export type RobustnessReport = z.infer<typeof RobustnessReportSchema>;

const ARMS = {
  on: { progress: { mode: 'enforce' as const }, validateBatches: true, finishCheck: true },
  off: { progress: { mode: 'off' as const }, validateBatches: false, finishCheck: false },
};

/** The cells of a matrix from its task runs. */
export function robustnessCells(results: readonly RobustnessRun[]): RobustnessCell[] {
  const keys = [...new Set(results.map((r) => `${r.model}\u0000${r.arm}`))];
  return keys.map((key) => {
    const [model, arm] = key.split('\u0000') as [string, 'on' | 'off'];
    const ran = results.filter((r) => r.model === model && r.arm === arm && !r.skipped);
    const passed = ran.filter((r) => r.passed).length;
    return {
      model,
      arm,
      passed,
      ran: ran.length,
      rate: ran.length ? passed / ran.length : 0,
      modelCallsPerTask: ran.length ? Math.round((10 * ran.reduce((n, r) => n + r.modelCalls, 0)) / ran.length) / 10 : 0,
      noProgressStops: ran.filter((r) => r.stopReason === 'no_progress').length,
      trapStops: ran.filter((r) => r.trapCause !== undefined && r.stopReason === 'no_progress' && r.cause === r.trapCause).length,
      trapRuns: ran.filter((r) => r.trapCause !== undefined).length,
    };
  });
}

function toRun(model: string, arm: 'on' | 'off', r: SuiteRunResult, trapCause: string | undefined): RobustnessRun {
  return {
    model,
    arm,
    id: r.id,
    run: r.run,
    passed: r.passed,
    ...(r.skipped ? { skipped: true } : {}),
    ...(r.stopReason ? { stopReason: r.stopReason } : {}),
    modelCalls: r.modelCalls,
    steps: r.steps,
    noProgressEvents: r.noProgressEvents,
    ...(r.noProgress ? { cause: r.noProgress.cause } : {}),
    ...(trapCause ? { trapCause } : {}),
    ms: r.ms,
    detail: r.error ?? r.detail,
  };
}

/**
 * Runs every model over the tasks with the engine's guards on (the progress monitor enforcing, batches validated,
 * the task's checker as the finish check) and off, and tabulates tasks passed per model and arm, with model calls
 * per task. The full matrix belongs in `ufo eval --robustness`, not in `npm test`.
 */
export async function runRobustness(options: RobustnessOptions): Promise<RobustnessReport> {
  const started = performance.now();
  const loadStart = loadavg()[0] ?? 0;
  const results: RobustnessRun[] = [];
  const runs = options.runs ?? 1;
  const arms = options.arms ?? ['on', 'off'];
  const trapCauseOf = (id: string) => (options.tasks ?? []).find((t) => t.id === id)?.trap?.cause;
  let taskIds: string[] = [];
  for (const m of options.models) {
    for (const arm of arms) {
      const suite = await runSuite({
        ...ARMS[arm],
        ...(m.model ? { model: m.model } : {}),
        ...(m.batchReplies ? { batchReplies: true } : {}),
        ...(options.tasks ? { tasks: options.tasks } : {}),
        ...(options.ids ? { ids: options.ids } : {}),
        runs,
        onResult: (r) => options.onResult?.(toRun(m.name, arm, r, trapCauseOf(r.id))),
      });
      taskIds = [...new Set(suite.map((r) => r.id))];
      results.push(...suite.map((r) => toRun(m.name, arm, r, trapCauseOf(r.id))));
    }
  }
  return {
    arms: { on: 'progress monitor enforcing, batches validated, FINISH checked', off: 'no monitor, no batch validation, no FINISH check' },
    tasks: taskIds,
    runs,
    cells: robustnessCells(results),
    results,
    loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
    durationMs: Math.round(performance.now() - started),
  };
}

/** The table as text: one row per model, tasks passed with the guards on and off, and model calls per task. */
export function formatRobustnessTable(report: RobustnessReport): string {
  const models = [...new Set(report.cells.map((c) => c.model))];
  const cell = (model: string, arm: 'on' | 'off') => report.cells.find((c) => c.model === model && c.arm === arm);
  const show = (c: RobustnessCell | undefined) => (c ? `${c.passed}/${c.ran} (${Math.round(c.rate * 100)}%)` : '-');
  const traps = (c: RobustnessCell | undefined) => (c && c.trapRuns > 0 ? `${c.trapStops}/${c.trapRuns}` : '-');
  const rows = models.map((m) => [
    m,
    show(cell(m, 'on')),
    show(cell(m, 'off')),
    String(cell(m, 'on')?.modelCallsPerTask ?? '-'),
    String(cell(m, 'on')?.noProgressStops ?? '-'),
    traps(cell(m, 'on')),
  ]);
  const header = ['model', 'guards on', 'guards off', 'calls/task (on)', 'NO_PROGRESS stops (on)', 'traps stopped with their cause (on)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Writes the report's JSON to `jsonPath` and an HTML table beside it (same name, `.html`). */
export function writeRobustnessReport(jsonPath: string, report: RobustnessReport): { json: string; html: string } {
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(RobustnessReportSchema.parse(report), null, 2)}\n`);
  const htmlPath = join(dirname(jsonPath), `${basename(jsonPath, extname(jsonPath))}.html`);
  const models = [...new Set(report.cells.map((c) => c.model))];
  const td = (model: string, arm: 'on' | 'off') => {
    const c = report.cells.find((x) => x.model === model && x.arm === arm);
    return c
      ? `<td class="${c.rate >= 0.9 ? 'good' : 'bad'}">${c.passed}/${c.ran} (${Math.round(c.rate * 100)}%)</td><td>${c.modelCallsPerTask}</td><td>${c.noProgressStops}${c.trapRuns ? ` (traps with their cause: ${c.trapStops}/${c.trapRuns})` : ''}</td>`
      : '<td>-</td><td>-</td><td>-</td>';
  };
  const failures = report.results
    .filter((r) => !r.passed && !r.skipped)
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.model)}</td><td>${r.arm}</td><td>${escapeHtml(r.id)} #${r.run}</td><td>${escapeHtml(r.stopReason ?? '')}</td><td>${escapeHtml(r.detail)}</td></tr>`,
    );
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ufo eval — robustness</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}.good{color:#060}.bad{color:#a00;font-weight:bold}</style></head>
<body><h1>Robustness: imperfect models × the engine's guards</h1>
<p>${report.tasks.length} tasks × ${report.runs} run(s). Guards on: ${escapeHtml(report.arms['on'] ?? '')}. Off: ${escapeHtml(report.arms['off'] ?? '')}. Load ${report.loadAverage.start.toFixed(1)} → ${report.loadAverage.end.toFixed(1)}.</p>
<table><tr><th rowspan="2">model</th><th colspan="3">guards on</th><th colspan="3">guards off</th></tr>
<tr><th>tasks passed</th><th>calls/task</th><th>NO_PROGRESS stops</th><th>tasks passed</th><th>calls/task</th><th>NO_PROGRESS stops</th></tr>
${models.map((m) => `<tr><td>${escapeHtml(m)}</td>${td(m, 'on')}${td(m, 'off')}</tr>`).join('\n')}
</table>
<h2>Runs that did not pass</h2>
<table><tr><th>model</th><th>guards</th><th>task</th><th>stop</th><th>why</th></tr>
${failures.join('\n') || '<tr><td colspan="5">none</td></tr>'}
</table></body></html>
`;
  writeFileSync(htmlPath, html);
  return { json: jsonPath, html: htmlPath };
}
