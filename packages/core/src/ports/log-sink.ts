/** The JSON Lines streams of a session folder. */
export type LogStream = 'response' | 'request' | 'evaluation';

/**
 * Where a session writes its logs and artifacts. `FileLogSink` writes `response.log`, `request.log` and
 * `evaluation.log` line by line (each line flushed before `write` returns); `MemoryLogSink` keeps them in memory.
 */
export interface LogSink {
  /** The folder artifacts are written to, when the sink has one. */
  readonly folder: string | undefined;
  /** Appends one JSON line to a stream. Must be durable when it returns. */
  write(stream: LogStream, record: Record<string, unknown>): void;
  /** Saves a binary artifact (a screenshot) under a relative name; returns its path, or undefined if not kept. */
  saveArtifact(name: string, data: Uint8Array): string | undefined;
  /** Releases the sink (closes its files) once the session is over. */
  close(): Promise<void>;
}
