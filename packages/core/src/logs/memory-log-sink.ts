import type { LogSink, LogStream } from '../ports/log-sink.js';

/** A {@link LogSink} that keeps everything in memory (tests, embedding apps that ship logs elsewhere). */
export class MemoryLogSink implements LogSink {
  readonly folder = undefined;
  readonly lines: Record<LogStream, Record<string, unknown>[]> = { response: [], request: [], evaluation: [] };
  readonly artifacts = new Map<string, Uint8Array>();

  write(stream: LogStream, record: Record<string, unknown>): void {
    this.lines[stream].push(JSON.parse(JSON.stringify(record)) as Record<string, unknown>);
  }

  saveArtifact(name: string, data: Uint8Array): undefined {
    this.artifacts.set(name, data);
    return undefined;
  }

  async close(): Promise<void> {}
}
