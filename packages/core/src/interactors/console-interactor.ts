import { createInterface, type Interface } from 'node:readline';
import type { Interactor, QuestionAnswer, SensitiveAction } from '../ports/interactor.js';

/** Options of {@link ConsoleInteractor}. */
export interface ConsoleInteractorOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** The word that ends the session at the "next request" prompt (default `N`, as in the original). */
  quitWord?: string;
}

/**
 * An {@link Interactor} on a terminal. Prompts never block the event loop (readline/promises), and end of input
 * (Ctrl+D) or Ctrl+C ends the session cleanly instead of raising (the original raised EOFError).
 */
export class ConsoleInteractor implements Interactor {
  private readonly options: ConsoleInteractorOptions;
  private rl: Interface | undefined;
  private closed = false;
  private readonly lines: string[] = [];
  private readonly waiters: Array<(line: string | null) => void> = [];

  constructor(options: ConsoleInteractorOptions = {}) {
    this.options = options;
  }

  async firstRequest(): Promise<string | null> {
    return this.ask('Please enter your request to be completed: ');
  }

  async nextRequest(): Promise<string | null> {
    const quit = this.options.quitWord ?? 'N';
    const answer = await this.ask(`What is your next request? (enter ${quit} to finish) `);
    return answer === null || answer.trim().toUpperCase() === quit.toUpperCase() ? null : answer;
  }

  async askQuestions(questions: readonly string[], context: { agent: string }): Promise<QuestionAnswer[]> {
    const out: QuestionAnswer[] = [];
    for (const question of questions) {
      const answer = await this.ask(`[${context.agent}] ${question}\n> `);
      out.push({ question, answer: answer ?? '' });
    }
    return out;
  }

  async confirmAction(action: SensitiveAction): Promise<boolean> {
    const args = JSON.stringify(action.arguments);
    const answer = await this.ask(
      `[${action.agent}] wants to run a sensitive action: ${action.function}(${args})` +
        `${action.reason ? `\nReason: ${action.reason}` : ''}\nAllow it? [y/N] `,
    );
    return answer !== null && /^y(es)?$/i.test(answer.trim());
  }

  /** Releases the terminal. */
  close(): void {
    this.rl?.close();
    this.closed = true;
  }

  private async ask(prompt: string): Promise<string | null> {
    this.ensureReader();
    (this.options.output ?? process.stdout).write(prompt);
    const buffered = this.lines.shift();
    if (buffered !== undefined) return buffered;
    if (this.closed) return null;
    return new Promise<string | null>((resolve) => this.waiters.push(resolve));
  }

  /** Lines are queued as they arrive, so input typed (or piped) ahead of a prompt is never lost. */
  private ensureReader(): void {
    if (this.rl || this.closed) return;
    this.rl = createInterface({ input: this.options.input ?? process.stdin, terminal: false });
    this.rl.on('line', (line) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiters.splice(0)) waiter(null);
    });
  }
}
