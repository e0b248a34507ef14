/** A sensitive action waiting for a person's approval before it runs. */
export interface SensitiveAction {
  /** Agent that wants to run it. */
  agent: string;
  /** Tool name. */
  function: string;
  arguments: Record<string, unknown>;
  /** The model's explanation (its thought or the action's comment). */
  reason?: string;
  /** Session step at which it was proposed. */
  step: number;
}

/** A question from the model and a person's answer. */
export interface QuestionAnswer {
  question: string;
  answer: string;
}

/**
 * The port through which the engine talks to a person: requests, questions (PENDING) and confirmations
 * (CONFIRM). Implementations: `ConsoleInteractor` and `ProgrammaticInteractor` (answers supplied by the caller).
 */
export interface Interactor {
  /** The first request of a session, or `null` when there is none. */
  firstRequest(): Promise<string | null>;
  /** The next request after a round ends; `null` ends the session. */
  nextRequest(): Promise<string | null>;
  /** Asks the model's questions; returns one answer per question (an empty answer when skipped). */
  askQuestions(questions: readonly string[], context: { agent: string }): Promise<QuestionAnswer[]>;
  /** Asks whether a sensitive action may run. `false` means it is skipped. */
  confirmAction(action: SensitiveAction): Promise<boolean>;
}
