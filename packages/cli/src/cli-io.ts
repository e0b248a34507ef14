/** Where a command writes and what it reads from its environment (injected, so commands are testable). */
export interface CliIo {
  /** Results and the lines other programs read (addresses, keys, task results). */
  stdout: (text: string) => void;
  /** Progress and diagnostics. */
  stderr: (text: string) => void;
  /** Environment variables (API keys). */
  env: Record<string, string | undefined>;
  /** Aborted when the command should stop (SIGINT/SIGTERM in the real CLI). */
  signal: AbortSignal;
}

/** The process's own io: stdout/stderr, `process.env`, and a signal aborted by SIGINT or SIGTERM. */
export function processIo(): CliIo {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    signal: controller.signal,
  };
}
