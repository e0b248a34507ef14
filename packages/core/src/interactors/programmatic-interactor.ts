import type { Interactor, QuestionAnswer, SensitiveAction } from '../ports/interactor.js';

/** Options of {@link ProgrammaticInteractor}. */
export interface ProgrammaticInteractorOptions {
  /** Requests handed out in order by `firstRequest` and `nextRequest`; when exhausted, `null` ends the session. */
  requests?: string[];
  /** Answers: a map from question to answer, a list used in order, or a function. Unanswered → ''. */
  answers?: Record<string, string> | string[] | ((question: string) => string | Promise<string>);
  /** Confirmation decisions: one boolean for all, a list used in order, or a function. Default: reject. */
  confirm?: boolean | boolean[] | ((action: SensitiveAction) => boolean | Promise<boolean>);
}

/**
 * An {@link Interactor} whose answers are supplied by the program (tests, servers, embedding apps). Everything
 * asked is kept in `asked` and `confirmations` for inspection.
 */
export class ProgrammaticInteractor implements Interactor {
  readonly asked: string[] = [];
  readonly confirmations: Array<{ action: SensitiveAction; approved: boolean }> = [];
  private readonly requests: string[];
  private readonly options: ProgrammaticInteractorOptions;
  private answerIndex = 0;
  private confirmIndex = 0;

  constructor(options: ProgrammaticInteractorOptions = {}) {
    this.options = options;
    this.requests = [...(options.requests ?? [])];
  }

  async firstRequest(): Promise<string | null> {
    return this.requests.shift() ?? null;
  }

  async nextRequest(): Promise<string | null> {
    return this.requests.shift() ?? null;
  }

  async askQuestions(questions: readonly string[]): Promise<QuestionAnswer[]> {
    const out: QuestionAnswer[] = [];
    for (const question of questions) {
      this.asked.push(question);
      out.push({ question, answer: await this.answer(question) });
    }
    return out;
  }

  async confirmAction(action: SensitiveAction): Promise<boolean> {
    const { confirm = false } = this.options;
    let approved: boolean;
    if (typeof confirm === 'function') approved = await confirm(action);
    else if (Array.isArray(confirm)) approved = confirm[this.confirmIndex++] ?? false;
    else approved = confirm;
    this.confirmations.push({ action, approved });
    return approved;
  }

  private async answer(question: string): Promise<string> {
    const { answers } = this.options;
    if (!answers) return '';
    if (typeof answers === 'function') return answers(question);
    if (Array.isArray(answers)) return answers[this.answerIndex++] ?? '';
    return answers[question] ?? '';
  }
}
