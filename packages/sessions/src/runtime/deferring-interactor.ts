import type { Interactor, QuestionAnswer, SensitiveAction } from '@ufo-ts/core';
import { HumanInputRequiredError } from '../errors.js';

/** Options of {@link DeferringInteractor}. */
export interface DeferringInteractorOptions {
  /** Requests handed out in order (`null` when exhausted). */
  requests?: string[];
}

/**
 * An interactor for runs without a person at hand: requests come from a list, and a question or a sensitive
 * action stops the session with {@link HumanInputRequiredError} instead of guessing. The checkpoint keeps the
 * pending question or action, and `ufo resume --approve | --reject | --answer` continues from there.
 */
export class DeferringInteractor implements Interactor {
  private readonly requests: string[];

  constructor(options: DeferringInteractorOptions = {}) {
    this.requests = [...(options.requests ?? [])];
  }

  async firstRequest(): Promise<string | null> {
    return this.requests.shift() ?? null;
  }

  async nextRequest(): Promise<string | null> {
    return this.requests.shift() ?? null;
  }

  async askQuestions(questions: readonly string[], context: { agent: string }): Promise<QuestionAnswer[]> {
    throw new HumanInputRequiredError({ kind: 'questions', agent: context.agent, questions: [...questions] });
  }

  async confirmAction(action: SensitiveAction): Promise<boolean> {
    throw new HumanInputRequiredError({
      kind: 'confirmation',
      agent: action.agent,
      actions: [{ function: action.function, arguments: action.arguments }],
      ...(action.reason ? { reason: action.reason } : {}),
    });
  }
}
