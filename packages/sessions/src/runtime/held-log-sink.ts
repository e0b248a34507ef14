import type { LogSink, LogStream } from '@ufo-ts/core';

/**
 * A {@link LogSink} wrapper that counts the lines written (for the checkpoint) and whose `close()` is deferred: the core `Session` closes its sink when its loop ends,
 * but a managed session still writes the evaluation and the reports afterwards. {@link HeldLogSink.release}
 * closes the wrapped sink for real.
 */
export class HeldLogSink implements LogSink {
  /** Lines written per stream, counting from `initialLines` (what the files held when the session (re)started). */
  readonly lines: Record<LogStream, number>;

  constructor(
    readonly inner: LogSink,
    initialLines: Partial<Record<LogStream, number>> = {},
  ) {
    this.lines = { response: initialLines.response ?? 0, request: initialLines.request ?? 0, evaluation: initialLines.evaluation ?? 0 };
  }

  get folder(): string | undefined {
    return this.inner.folder;
  }

  write(stream: LogStream, record: Record<string, unknown>): void {
    this.inner.write(stream, record);
    this.lines[stream] += 1;
  }

  saveArtifact(name: string, data: Uint8Array): string | undefined {
    return this.inner.saveArtifact(name, data);
  }

  async close(): Promise<void> {}

  /** Closes the wrapped sink. */
  async release(): Promise<void> {
    await this.inner.close();
  }
}
