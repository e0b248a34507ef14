import { parseTrajectory, renderHtmlReport, type HtmlReportOptions, type Trajectory } from '@ufo-ts/core';
import type { StreamEvent } from './stream-event-schema.js';

/**
 * A task's trajectory rebuilt from its stream events (as a subscriber recorded them): the `step` and
 * `confirmation-record` events are the lines the task's `response.log` holds, and the `screenshot` events name the
 * files its log folder holds. Events of other types (and of other tasks, when `taskName` is given) are ignored.
 *
 * @example
 * ```ts
 * const trajectory = trajectoryFromStreamEvents(recorded, { taskName: 'calc' });
 * console.log(trajectory.totals.steps);
 * ```
 */
export function trajectoryFromStreamEvents(events: readonly StreamEvent[], options: { taskName?: string } = {}): Trajectory {
  const mine = events.filter((event) => options.taskName === undefined || ('task_name' in event && event.task_name === options.taskName));
  const responseLog: Record<string, unknown>[] = [];
  const files: string[] = [];
  for (const event of mine) {
    if (event.type === 'step' || event.type === 'confirmation-record') responseLog.push(event.record as Record<string, unknown>);
    else if (event.type === 'screenshot') files.push(event.file);
  }
  return parseTrajectory({ responseLog, files });
}

/** Options of {@link renderStreamReport}. */
export interface StreamReportOptions extends Omit<HtmlReportOptions, 'image'> {
  /** Only this task's events (default: all the given events are one task's). */
  taskName?: string;
  /**
   * The image of a screenshot file as a `data:` URL (e.g. fetched from the `screenshot` event's URL with the API
   * key); undefined leaves it out.
   */
  image?: (file: string) => string | undefined;
}

/**
 * The HTML report of a task (the same page `ufo report` writes from a log folder) rendered from its recorded
 * stream events.
 *
 * @example
 * ```ts
 * const html = renderStreamReport(recorded, { taskName: 'calc', image: (file) => shots.get(file) });
 * ```
 */
export function renderStreamReport(events: readonly StreamEvent[], options: StreamReportOptions = {}): string {
  const { taskName, ...report } = options;
  return renderHtmlReport(trajectoryFromStreamEvents(events, taskName !== undefined ? { taskName } : {}), report);
}
