import { findExecutable } from '@ufo-ts/platform-linux';
import { TaskSuiteError } from '../errors.js';
import type { DesktopTask } from '../task.js';
import { TASKS } from '../tasks/index.js';
import { emptyTaskResult, runTask, type RunTaskOptions, type TaskRunResult } from './run-task.js';

/** Options of {@link runSuite}. */
export interface RunSuiteOptions {
  /** Task ids to run (default: all), in the suite's order. */
  ids?: readonly string[];
  /** Runs of each task (default 1). */
  runs?: number;
  /** The model for every task (default: each task's grounded reference solution). */
  model?: RunTaskOptions['model'];
  /** The progress monitor ({@link RunTaskOptions.progress}; default enforce). */
  progress?: RunTaskOptions['progress'];
  /** {@link RunTaskOptions.validateBatches} (default true). */
  validateBatches?: boolean;
  /** {@link RunTaskOptions.finishCheck} (default true). */
  finishCheck?: boolean;
  /** {@link RunTaskOptions.batchReplies} (default false). */
  batchReplies?: boolean;
  /** Session logs go in a folder per task run under this root. */
  logRoot?: string;
  /** `text` (default) or `native` tool mode for every task ({@link RunTaskOptions.toolMode}). */
  toolMode?: 'text' | 'native';
  /** Called after each task run (progress output). */
  onResult?: (result: SuiteRunResult) => void;
  /** The tasks to choose from (default {@link TASKS}). */
  tasks?: readonly DesktopTask[];
  /** {@link RunTaskOptions.cache}: replay cached runs, record the runs that pass. */
  cache?: RunTaskOptions['cache'];
  /** {@link RunTaskOptions.desktop}: another screen size or environment for every task. */
  desktop?: RunTaskOptions['desktop'];
  /** {@link RunTaskOptions.computerUse}: every task in computer-use mode, replies in that wire format. */
  computerUse?: RunTaskOptions['computerUse'];
}

/** One task run in a suite run: the task's result, which run it was, and whether its programs were missing. */
export interface SuiteRunResult extends TaskRunResult {
  /** 1-based run number. */
  run: number;
  /** True when the task's programs are not installed (it did not run; `passed` is false). */
  skipped?: boolean;
}

/** The tasks named by `ids` (all when omitted), in suite order. */
export function selectTasks(ids?: readonly string[], tasks: readonly DesktopTask[] = TASKS): DesktopTask[] {
  if (!ids || ids.length === 0) return [...tasks];
  const unknown = ids.filter((id) => !tasks.some((t) => t.id === id));
  if (unknown.length > 0) {
    throw new TaskSuiteError('TASK_UNKNOWN', `unknown task id(s): ${unknown.join(', ')}; the suite has: ${tasks.map((t) => t.id).join(', ')}`);
  }
  return tasks.filter((t) => ids.includes(t.id));
}

/** The programs of a task that are not installed. */
export function missingPrograms(task: DesktopTask): string[] {
  return task.requires.filter((program) => findExecutable(program) === undefined);
}

/** The options every task run of the suite shares. */
function taskOptions(options: RunSuiteOptions): RunTaskOptions {
  const { model, toolMode, progress, validateBatches, finishCheck, batchReplies, cache, desktop, computerUse } = options;
  return Object.fromEntries(
    Object.entries({ model, toolMode, progress, validateBatches, finishCheck, batchReplies, cache, desktop, computerUse }).filter(([, v]) => v !== undefined),
  ) as RunTaskOptions;
}

/**
 * Runs the chosen tasks one after another (each on its own desktop), `runs` times each.
 *
 * @example
 * ```ts
 * const results = await runSuite({ ids: [TASKS[0]!.id], runs: 3 });
 * console.log(formatResultsTable(results));
 * ```
 */
export async function runSuite(options: RunSuiteOptions = {}): Promise<SuiteRunResult[]> {
  const tasks = selectTasks(options.ids, options.tasks);
  const results: SuiteRunResult[] = [];
  const runs = options.runs ?? 1;
  for (let run = 1; run <= runs; run += 1) {
    for (const task of tasks) {
      const missing = missingPrograms(task);
      const result: SuiteRunResult = missing.length
        ? { ...emptyTaskResult(task), detail: `not installed: ${missing.join(', ')}`, run, skipped: true }
        : {
            ...(await runTask(task, {
              ...taskOptions(options),
              ...(options.logRoot ? { logRoot: options.logRoot, logName: runs > 1 ? `${task.id}-run${run}` : task.id } : {}),
            })),
            run,
          };
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}
