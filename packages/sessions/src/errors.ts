import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors this package throws. */
export type SessionErrorCode =
  | 'SESSION_OPTIONS_INVALID'
  | 'SESSION_MODE_UNSUPPORTED'
  | 'PLAN_INVALID'
  | 'REQUEST_FILE_INVALID'
  | 'CHECKPOINT_MISSING'
  | 'CHECKPOINT_INVALID'
  | 'CHECKPOINT_NOT_RESUMABLE'
  | 'CHECKPOINT_WRITE_FAILED'
  | 'JOURNAL_INVALID'
  | 'JOURNAL_WRITE_FAILED'
  | 'ACTION_OUTCOME_UNKNOWN'
  | 'RESUME_DECISION_INVALID'
  | 'EXPERIENCE_STORE_INVALID'
  /** A cached run could not be read as one (not JSON, not the schema, or under another key's file). */
  | 'ACTION_CACHE_INVALID'
  /** A cached run needs a variable the run does not give. */
  | 'ACTION_CACHE_VARIABLE_MISSING'
  /** A replay with healing off reached a step the cached run cannot take (its `details`: step, reason, detail). */
  | 'ACTION_CACHE_DIVERGED'
  | 'EMBEDDING_FAILED'
  | 'HUMAN_INPUT_REQUIRED'
  /** A computer-use step could not take the screenshot that fixes the model's display size. */
  | 'SCREENSHOT_UNAVAILABLE'
  /** A computer action the platform's tools cannot perform (`ComputerActionUnsupportedError`). */
  | 'COMPUTER_ACTION_UNSUPPORTED';

/** Base class of the errors of `@ufo-ts/sessions`. */
export class SessionError extends UfoError<SessionErrorCode> {
  declare readonly code: SessionErrorCode;

  constructor(code: SessionErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/** What a session is waiting for when it stops for a person (`HUMAN_INPUT_REQUIRED`). */
export type HumanInputRequest =
  | {
      kind: 'confirmation';
      agent: string;
      /** The held actions, in order. */
      actions: Array<{ function: string; arguments: Record<string, unknown> }>;
      reason?: string;
    }
  | { kind: 'questions'; agent: string; questions: string[] };

/**
 * Thrown by {@link DeferringInteractor} when a question or a confirmation needs a person and none is at hand
 * (a batch, a pipe, a CI job). The session stops, saves its checkpoint as `waiting`, and `ufo resume` continues.
 */
export class HumanInputRequiredError extends UfoError<SessionErrorCode> {
  readonly request: HumanInputRequest;

  constructor(request: HumanInputRequest) {
    const what =
      request.kind === 'confirmation'
        ? `approval of ${request.actions.map((a) => a.function).join(', ')}`
        : `answers to ${request.questions.length} question(s)`;
    super('HUMAN_INPUT_REQUIRED', `${request.agent} is waiting for ${what}`, { details: { request } });
    this.request = request;
  }
}

/**
 * The checkpoint store failed to save. The session ends `failed` with this error (the store's error is its
 * `cause`): a session whose progress cannot be recorded stops instead of running on unresumable.
 */
export class CheckpointWriteError extends SessionError {
  constructor(
    /** The status the checkpoint was being saved with. */
    readonly checkpointStatus: string,
    cause: unknown,
  ) {
    super('CHECKPOINT_WRITE_FAILED', `The checkpoint (${checkpointStatus}) could not be saved: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/**
 * The action journal failed to record an intent, a result or a reply. The command concerned was not sent (for an
 * intent); the session ends `failed` with this error at the end of the step (the journal's error is its `cause`).
 */
export class JournalWriteError extends SessionError {
  constructor(cause: unknown) {
    super('JOURNAL_WRITE_FAILED', `The action journal could not be written: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
