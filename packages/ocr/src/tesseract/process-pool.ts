import { TesseractProcess, type TesseractCommand } from './tesseract-process.js';

/**
 * Keeps `spares` Tesseract processes started and waiting (model loaded) so that a read starts at once. A process
 * reads one image; spares used by a read are replaced once that read is over, so starting them never competes
 * with the read for the CPU.
 */
export class TesseractProcessPool {
  private readonly idle: TesseractProcess[] = [];
  private closed = false;

  constructor(
    private readonly command: TesseractCommand,
    private readonly spares: number,
  ) {}

  /** Starts the spares (also done lazily). */
  warm(): void {
    while (!this.closed && this.idle.length < this.spares) this.idle.push(new TesseractProcess(this.command));
  }

  /** Reads images in parallel, one process each, then tops the spares up again. */
  async readAll(images: readonly Buffer[], signal?: AbortSignal): Promise<string[]> {
    const processes = images.map(() => this.idle.shift() ?? new TesseractProcess(this.command));
    try {
      return await Promise.all(processes.map((p, i) => p.read(images[i]!, signal)));
    } finally {
      for (const p of processes) p.kill();
      if (!this.closed) this.warm();
    }
  }

  /** Stops the spares; later reads start processes as needed but keep none. */
  close(): void {
    this.closed = true;
    for (const p of this.idle.splice(0)) p.kill();
  }
}
