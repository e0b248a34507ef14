import { escapeHtml } from '@ufo-ts/core';
import { z } from 'zod';
import type { SuiteRunResult } from './run-suite.js';

/** The step budgets the pass rates are given at (as OSWorld reports them). */
export const STEP_BUDGETS = [15, 50, 100] as const;

/** One row of the by-app table: runs of an app's tasks and how many passed within each step budget. */
export const BudgetRowSchema = z.object({
  /** The app (`libreoffice-writer`), or `overall`. */
  app: z.string(),
  /** Distinct tasks that ran. */
  tasks: z.number().int().nonnegative(),
  /** Runs that ran (skipped ones not counted). */
  runs: z.number().int().nonnegative(),
  /** Runs skipped because their programs are not installed. */
  skipped: z.number().int().nonnegative(),
  /** Runs that passed using at most 15 steps. */
  passedAt15: z.number().int().nonnegative(),
  passedAt50: z.number().int().nonnegative(),
  passedAt100: z.number().int().nonnegative(),
  /** passedAt15 / runs; null when no run ran. */
  rateAt15: z.number().min(0).max(1).nullable(),
  rateAt50: z.number().min(0).max(1).nullable(),
  rateAt100: z.number().min(0).max(1).nullable(),
});
/** One row of the by-app table (see {@link BudgetRowSchema}). */
export type BudgetRow = z.infer<typeof BudgetRowSchema>;

/** Pass rates by app and step budget: a row per app (in order of first appearance) and an overall row. */
export const ByAppTableSchema = z.object({
  /** The budgets of the `passedAt…` columns. */
  budgets: z.array(z.number().int().positive()),
  apps: z.array(BudgetRowSchema),
  overall: BudgetRowSchema,
});
/** Pass rates by app and step budget (see {@link ByAppTableSchema}). */
export type ByAppTable = z.infer<typeof ByAppTableSchema>;

function row(app: string, results: readonly SuiteRunResult[]): BudgetRow {
  const ran = results.filter((r) => !r.skipped);
  const at = (budget: number) => ran.filter((r) => r.passed && r.steps <= budget).length;
  const rate = (n: number) => (ran.length ? n / ran.length : null);
  const [p15, p50, p100] = STEP_BUDGETS.map(at) as [number, number, number];
  return {
    app,
    tasks: new Set(ran.map((r) => r.id)).size,
    runs: ran.length,
    skipped: results.length - ran.length,
    passedAt15: p15,
    passedAt50: p50,
    passedAt100: p100,
    rateAt15: rate(p15),
    rateAt50: rate(p50),
    rateAt100: rate(p100),
  };
}

/**
 * Pass rates by app at the step budgets 15, 50 and 100: a run counts as passed at a budget when it passed and
 * used at most that many steps. Skipped runs are counted apart.
 *
 * @example
 * ```ts
 * const table = byAppTable(await runSuite({ tasks: officeTasks() }));
 * console.log(table.overall.rateAt50);
 * ```
 */
export function byAppTable(results: readonly SuiteRunResult[]): ByAppTable {
  const apps = [...new Set(results.map((r) => r.app))];
  return {
    budgets: [...STEP_BUDGETS],
    apps: apps.map((app) =>
      row(
        app,
        results.filter((r) => r.app === app),
      ),
    ),
    overall: row('overall', results),
  };
}

function cell(passed: number, rate: number | null): string {
  return rate === null ? '-' : `${passed} (${Math.round(rate * 100)}%)`;
}

function cells(r: BudgetRow): string[] {
  return [
    r.app,
    String(r.tasks),
    String(r.runs),
    cell(r.passedAt15, r.rateAt15),
    cell(r.passedAt50, r.rateAt50),
    cell(r.passedAt100, r.rateAt100),
    String(r.skipped),
  ];
}

const HEADER = ['app', 'tasks', 'runs', 'passed@15', 'passed@50', 'passed@100', 'skipped'];

/**
 * The by-app table as plain text: a row per app and the overall row, passes and rates at each step budget.
 *
 * @example
 * ```ts
 * console.log(formatByAppTable(byAppTable(results)));
 * // app                 tasks  runs  passed@15  passed@50  passed@100  skipped
 * // libreoffice-writer  2      2     1 (50%)    2 (100%)   2 (100%)    0
 * ```
 */
export function formatByAppTable(table: ByAppTable): string {
  const rows = [...table.apps.map(cells), cells(table.overall)];
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(HEADER),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.slice(0, -1).map(line),
    line(widths.map((w) => '-'.repeat(w))),
    line(rows.at(-1)!),
  ].join('\n');
}

/** The by-app table as an HTML table (the eval report's style). */
export function byAppHtml(table: ByAppTable): string {
  const tr = (r: BudgetRow, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}>${cells(r)
      .map((c) => `<td>${escapeHtml(c)}</td>`)
      .join('')}</tr>`;
  return `<table class="by-app"><tr>${HEADER.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>
${[...table.apps.map((r) => tr(r)), tr(table.overall, 'overall')].join('\n')}
</table>`;
}
