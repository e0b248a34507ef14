import { spawn, type ChildProcess } from 'node:child_process';
import { OcrError } from '../errors.js';

/** How to run the `tesseract` program. */
export interface TesseractCommand {
  /** The program: a name looked up on `PATH` or an absolute path. */
  program: string;
  /** Arguments after the input and output names (language, page segmentation mode, `-c` variables, `tsv`). */
  args: readonly string[];
  /** Extra environment variables (e.g. `TESSDATA_PREFIX`). */
  env?: Readonly<Record<string, string>>;
}

/** The message of {@link OcrError} `OCR_ENGINE_MISSING`. */
export const INSTALL_HINT = 'install it with `apt-get install tesseract-ocr tesseract-ocr-eng` (Debian/Ubuntu)';
const STDERR_TAIL = 2000;

/**
 * One `tesseract stdin stdout …` process. Tesseract loads its model before it reads the image, so a process
 * started ahead of need (a spare) reads an image without the start-up delay (about 0.1 to 0.2 s).
 */
export class TesseractProcess {
  private readonly child: ChildProcess;
  private stdout: Buffer[] = [];
  private stderr = '';
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>;
  private used = false;

  constructor(private readonly command: TesseractCommand) {
    this.child = spawn(command.program, ['stdin', 'stdout', ...command.args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // one thread a process: on few cores Tesseract's OpenMP threads fight each other and the other process
      env: { ...process.env, OMP_THREAD_LIMIT: '1', ...command.env },
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    this.child.stdin!.on('error', () => undefined); // a process that died early: reported by `exited`
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => resolve({ code: null, signal: null, error }));
      this.child.once('close', (code, signal) => resolve({ code, signal }));
    });
    this.setIdle(true);
  }

  /** While idle (a spare), the process does not keep Node running; it exits by itself when Node does (its stdin closes). */
  private setIdle(idle: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as { ref?: () => void; unref?: () => void }[]) {
      if (idle) handle?.unref?.();
      else handle?.ref?.();
    }
  }

  /** Sends one image (PGM or PNG bytes) and resolves with Tesseract's output. A process reads one image only. */
  async read(image: Buffer, signal?: AbortSignal): Promise<string> {
    if (this.used) throw new Error('a TesseractProcess reads one image');
    this.used = true;
    this.setIdle(false);
    const onAbort = () => this.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      this.child.stdin!.end(image);
      const exit = await this.exited;
      if (signal?.aborted) throw new OcrError('OCR_ABORTED', 'text recognition was aborted', { cause: signal.reason });
      if (exit.error) throw spawnError(this.command.program, exit.error);
      if (exit.code !== 0) throw exitError(this.command.program, exit.code, exit.signal, this.stderr);
      return Buffer.concat(this.stdout).toString('utf8');
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Stops the process (a spare that is no longer needed, or an aborted read). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

function spawnError(program: string, error: Error): OcrError {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return new OcrError('OCR_ENGINE_MISSING', `the OCR engine \`${program}\` is not installed (not found on PATH): ${INSTALL_HINT}`, { cause: error });
  }
  return new OcrError('OCR_FAILED', `could not start \`${program}\`: ${error.message}`, { cause: error });
}

function exitError(program: string, code: number | null, signal: NodeJS.Signals | null, stderr: string): OcrError {
  const detail = stderr.trim() || '(no output on stderr)';
  const cause = new Error(detail);
  if (/Failed loading language|Error opening data file|Could not initialize tesseract/i.test(stderr)) {
    return new OcrError('OCR_ENGINE_MISSING', `\`${program}\` has no language data for the requested language: ${INSTALL_HINT}. Tesseract said: ${detail}`, {
      cause,
    });
  }
  return new OcrError('OCR_FAILED', `\`${program}\` failed (${signal ? `signal ${signal}` : `exit code ${code}`}): ${detail}`, { cause });
}
