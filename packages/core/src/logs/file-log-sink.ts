import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LogSink, LogStream } from '../ports/log-sink.js';
import { DEFAULT_LOG_ROOT, resolveArtifactPath, resolveLogFolder } from './log-folder.js';

/** Options of {@link FileLogSink}. */
export interface FileLogSinkOptions {
  /** The root all session folders live under (default {@link DEFAULT_LOG_ROOT}, `logs`). */
  logRoot?: string;
  /** The task name; sanitised into the folder name. */
  task: string;
}

const FILES: Record<LogStream, string> = {
  response: 'response.log',
  request: 'request.log',
  evaluation: 'evaluation.log',
};

/**
 * Writes `response.log`, `request.log` and `evaluation.log` as JSON Lines in the session folder. Each `write`
 * hands the whole line to the kernel before returning (a synchronous write on an append-mode descriptor), so a
 * crash loses at most the step in flight. Artifacts (screenshots) are written next to them.
 *
 * @example
 * ```ts
 * const sink = new FileLogSink({ task: 'calc', logRoot: 'logs' }); // writes into logs/calc
 * ```
 */
export class FileLogSink implements LogSink {
  readonly folder: string;
  private readonly fds = new Map<LogStream, number>();

  constructor(options: FileLogSinkOptions) {
    this.folder = resolveLogFolder(options.logRoot ?? DEFAULT_LOG_ROOT, options.task);
  }

  write(stream: LogStream, record: Record<string, unknown>): void {
    let fd = this.fds.get(stream);
    if (fd === undefined) {
      fd = openSync(join(this.folder, FILES[stream]), 'a');
      this.fds.set(stream, fd);
    }
    writeSync(fd, `${JSON.stringify(record)}\n`);
  }

  saveArtifact(name: string, data: Uint8Array): string {
    const path = resolveArtifactPath(this.folder, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    return path;
  }

  async close(): Promise<void> {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}
