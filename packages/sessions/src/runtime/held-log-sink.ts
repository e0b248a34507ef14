import type { LogSink, LogStream } from '@ufo-ts/core';

/**
 * A {@link LogSink} wrapper whose `close()` is deferred: the core `Session` closes its sink when its loop ends,
 * but a managed session still writes the evaluation and the reports afterwards. {@link HeldLogSink.release}
 * closes the wrapped sink for real.
 */
export class HeldLogSink implements LogSink {
  constructor(readonly inner: LogSink) {}

  get folder(): string | undefined {
    return this.inner.folder;
  }

  write(stream: LogStream, record: Record<string, unknown>): void {
    this.inner.write(stream, record);
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
