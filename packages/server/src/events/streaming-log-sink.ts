import { ConfirmationRecordSchema, StepRecordSchema, systemClock, type Clock, type LogSink, type LogStream } from '@ufo-ts/core';
import type { StreamEvent } from './stream-event-schema.js';

/** Options of {@link StreamingLogSink}. */
export interface StreamingLogSinkOptions {
  /** The sink that really keeps the logs (the task's FileLogSink). */
  inner: LogSink;
  /** The task whose logs these are. */
  taskName: string;
  /** Receives the stream events derived from the logs. Must not throw. */
  publish: (event: StreamEvent) => void;
  /** The URL of a screenshot of this task (default `/api/tasks/{task}/screenshots/{file}`). */
  screenshotUrl?: (file: string) => string;
  /** The time of the stream events (default `systemClock`). */
  clock?: Clock;
}

/** The authenticated URL of a task's screenshot file. */
export function screenshotUrlOf(taskName: string, file: string): string {
  return `/api/tasks/${encodeURIComponent(taskName)}/screenshots/${encodeURIComponent(file)}`;
}

/** The last segment of a path (either separator). */
function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * A {@link LogSink} that keeps writing to its inner sink and also turns what a task logs into stream events: each
 * `response.log` step record becomes a `step` event (with screenshot URLs instead of server paths) and a
 * `model-call` event (model, tokens, cost, duration), each confirmation record a `confirmation-record` event, and
 * each saved screenshot a `screenshot` event naming its URL (never the image itself).
 *
 * @example
 * ```ts
 * const sink = new StreamingLogSink({ inner: new FileLogSink({ task }), taskName: task, publish: (e) => bus.publish({ event: e }), clock });
 * ```
 */
export class StreamingLogSink implements LogSink {
  private readonly options: StreamingLogSinkOptions;

  constructor(options: StreamingLogSinkOptions) {
    this.options = options;
  }

  get folder(): string | undefined {
    return this.options.inner.folder;
  }

  write(stream: LogStream, record: Record<string, unknown>): void {
    this.options.inner.write(stream, record);
    if (stream !== 'response') return;
    const time = this.time();
    const task_name = this.options.taskName;
    const type = record['type'] ?? 'step';
    if (type === 'confirmation') {
      const parsed = ConfirmationRecordSchema.safeParse(record);
      if (parsed.success) this.emit({ type: 'confirmation-record', time, task_name, record: parsed.data });
      return;
    }
    if (type !== 'step') return;
    const parsed = StepRecordSchema.safeParse(record);
    if (!parsed.success) return;
    const step = parsed.data;
    const screenshots: Record<string, string> = {};
    const urls: Record<string, string> = {};
    for (const [kind, path] of Object.entries(step.screenshots ?? {})) {
      const file = baseName(path);
      screenshots[kind] = file;
      urls[kind] = this.url(file);
    }
    const shown = { ...step, ...(step.screenshots ? { screenshots } : {}) };
    this.emit({ type: 'step', time, task_name, record: shown, screenshot_urls: urls });
    if (step.model !== undefined || step.tokens !== undefined) {
      const duration = step.timings['LLM_INTERACTION'];
      this.emit({
        type: 'model-call',
        time,
        task_name,
        agent: step.agent,
        step: step.session_step,
        round: step.round_num,
        ...(step.model !== undefined ? { model: step.model } : {}),
        ...(step.tokens ? { input_tokens: step.tokens.input, output_tokens: step.tokens.output } : {}),
        cost: step.cost,
        ...(duration !== undefined ? { duration_ms: duration } : {}),
      });
    }
  }

  saveArtifact(name: string, data: Uint8Array): string | undefined {
    const path = this.options.inner.saveArtifact(name, data);
    const file = baseName(name);
    if (/\.(png|jpe?g|webp|gif)$/i.test(file)) {
      const step = /^action_step(\d+)/.exec(file);
      const kind = /_annotated\.[a-z]+$/i.test(file) ? 'annotated' : step ? 'clean' : 'other';
      this.emit({
        type: 'screenshot',
        time: this.time(),
        task_name: this.options.taskName,
        file,
        kind,
        ...(step ? { step: Number(step[1]) } : {}),
        bytes: data.byteLength,
        url: this.url(file),
      });
    }
    return path;
  }

  close(): Promise<void> {
    return this.options.inner.close();
  }

  private time(): string {
    return new Date((this.options.clock ?? systemClock).now()).toISOString();
  }

  private url(file: string): string {
    return (this.options.screenshotUrl ?? ((f) => screenshotUrlOf(this.options.taskName, f)))(file);
  }

  private emit(event: StreamEvent): void {
    try {
      this.options.publish(event);
    } catch {
      // the stream never changes what the task logs
    }
  }
}
