import type { Interactor, QuestionAnswer, SensitiveAction } from '@ufo-ts/core';

/** A person's decision on what a session was waiting for, given to `ufo resume`. */
export interface ResumeDecision {
  /** Approve (true) or reject (false) every held sensitive action of the pending confirmation. */
  approve?: boolean;
  /** Answers to the pending questions, in order (missing answers are empty). */
  answers?: string[];
}

/** Options of {@link ResumeInteractor}. */
export interface ResumeInteractorOptions {
  /** Asked for everything the resume does not answer itself. */
  inner: Interactor;
  /** The request of the round being resumed; handed out once, by whichever of first/next request comes first. */
  pendingRequest?: string;
  /** The decision on the pending confirmation or questions. */
  decision?: ResumeDecision;
  /** How many actions the pending confirmation holds (the approval applies to that many calls). */
  pendingActions?: number;
}

/**
 * The interactor of a resumed session: it hands back the interrupted round's request, applies the person's
 * decision to the pending confirmation or questions, and asks `inner` for everything after that.
 */
export class ResumeInteractor implements Interactor {
  private pendingRequest: string | undefined;
  private confirmationsLeft: number;
  private answers: string[] | undefined;
  private readonly options: ResumeInteractorOptions;

  constructor(options: ResumeInteractorOptions) {
    this.options = options;
    this.pendingRequest = options.pendingRequest;
    this.confirmationsLeft = options.decision?.approve === undefined ? 0 : Math.max(1, options.pendingActions ?? 1);
    this.answers = options.decision?.answers;
  }

  async firstRequest(): Promise<string | null> {
    return this.takePending() ?? this.options.inner.firstRequest();
  }

  async nextRequest(): Promise<string | null> {
    return this.takePending() ?? this.options.inner.nextRequest();
  }

  async askQuestions(questions: readonly string[], context: { agent: string }): Promise<QuestionAnswer[]> {
    const answers = this.answers;
    if (!answers) return this.options.inner.askQuestions(questions, context);
    this.answers = undefined;
    return questions.map((question, i) => ({ question, answer: answers[i] ?? '' }));
  }

  async confirmAction(action: SensitiveAction): Promise<boolean> {
    if (this.confirmationsLeft > 0) {
      this.confirmationsLeft -= 1;
      return this.options.decision?.approve ?? false;
    }
    return this.options.inner.confirmAction(action);
  }

  private takePending(): string | undefined {
    const request = this.pendingRequest;
    this.pendingRequest = undefined;
    return request;
  }
}
