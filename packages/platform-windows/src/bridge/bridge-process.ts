import type { ChildProcess } from 'node:child_process';
import { errorMessage } from '@ufo-ts/core';
import { LineDecoder } from './line-decoder.js';
import type { BridgeReply, BridgeResult } from './protocol.js';

/** One started bridge process, as the client tracks it. */
export interface RunningBridge {
  proc: ChildProcess;
  /** 1 for the first process, +1 per restart. */
  generation: number;
  /** The last stderr lines (for error messages). */
  stderrTail: string[];
  /** A fatal start-up reply (`id` 0), if the bridge sent one. */
  fatal: BridgeReply | undefined;
  /** Set once the process is gone. */
  closed: boolean;
  hello?: BridgeResult<'hello'>;
}

/** What {@link watchBridgeProcess} reports. */
export interface BridgeProcessHandlers {
  /** A complete stdout line. */
  onLine(line: string): void;
  /** A complete stderr line (already added to `stderrTail`). */
  onStderr(line: string): void;
  /** The process is gone and stdout is drained. */
  onExit(exit: { code: number | null; signal: string | null }): void;
}

/**
 * Wires a bridge process's stdout (JSON lines), stderr (kept as a short tail) and exit; resolves once it is gone.
 * Waits for 'close' so no reply still in the pipe is lost, but no longer than a second after 'exit'.
 */
export function watchBridgeProcess(running: RunningBridge, handlers: BridgeProcessHandlers): Promise<{ code: number | null; signal: string | null }> {
  const { proc } = running;
  const decoder = new LineDecoder((line) => handlers.onLine(line));
  proc.stdout?.on('data', (chunk: Buffer) => decoder.push(chunk));
  const errDecoder = new LineDecoder((line) => {
    running.stderrTail.push(line);
    if (running.stderrTail.length > 20) running.stderrTail.shift();
    handlers.onStderr(line);
  });
  proc.stderr?.on('data', (chunk: Buffer) => errDecoder.push(chunk));
  proc.stdin?.on('error', () => {});
  return new Promise((resolve) => {
    let exitInfo = { code: null as number | null, signal: null as string | null };
    let forced: NodeJS.Timeout | undefined;
    const finish = () => {
      if (running.closed) return;
      if (forced) clearTimeout(forced);
      decoder.end();
      running.closed = true;
      handlers.onExit(exitInfo);
      resolve(exitInfo);
    };
    proc.once('error', (error: Error) => {
      running.stderrTail.push(errorMessage(error));
      finish();
    });
    proc.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      forced = setTimeout(finish, 1000);
    });
    proc.once('close', finish);
  });
}
