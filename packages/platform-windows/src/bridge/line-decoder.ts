import { StringDecoder } from 'node:string_decoder';

/**
 * Splits a byte stream into text lines. UTF-8 sequences split across chunks are reassembled, `\r\n` and `\n` both
 * end a line, and lines longer than `maxLineBytes` are reported through `onOverflow` instead of growing forever.
 */
export class LineDecoder {
  private readonly decoder = new StringDecoder('utf8');
  private buffer = '';
  private overflowing = false;

  /**
   * @param onLine called with each complete line (without its terminator)
   * @param maxLineChars a line longer than this is dropped (default 256 MiB of characters)
   * @param onOverflow called once per dropped line
   */
  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineChars = 256 * 1024 * 1024,
    private readonly onOverflow: (droppedChars: number) => void = () => {},
  ) {}

  /** Feeds one chunk. */
  push(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      this.emit(this.buffer + text.slice(start, nl));
      this.buffer = '';
      start = nl + 1;
    }
    this.buffer += text.slice(start);
    if (this.buffer.length > this.maxLineChars) {
      if (!this.overflowing) this.onOverflow(this.buffer.length);
      this.overflowing = true;
      this.buffer = '';
    }
  }

  /** Flushes a final unterminated line. */
  end(): void {
    const rest = this.buffer + this.decoder.end();
    this.buffer = '';
    if (rest.length > 0) this.emit(rest);
  }

  private emit(raw: string): void {
    if (this.overflowing) {
      // The tail of a line that was already reported as too long.
      this.overflowing = false;
      return;
    }
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim().length > 0) this.onLine(line);
  }
}
