import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';
import type { AipErrorCode } from '@ufo-ts/aip';

/**
 * Codes of the errors the server produces. Those a device can trigger are AIP ERROR codes (sent in ERROR
 * messages); the HTTP API answers with the same code and the status in {@link ServerError.httpStatus}.
 */
export type ServerErrorCode =
  | Extract<
      AipErrorCode,
      'SESSION_NOT_FOUND' | 'SESSION_NOT_OWNED' | 'SESSION_ID_IN_USE' | 'TASK_NAME_IN_USE' | 'DEVICE_BUSY' | 'PLATFORM_UNSUPPORTED' | 'RATE_LIMITED'
    >
  | 'DEVICE_NOT_FOUND'
  | 'TASK_NOT_FOUND'
  | 'SERVER_STOPPED'
  | 'SERVER_LISTEN_FAILED'
  | 'SESSION_CREATE_FAILED'
  | 'TASK_NOT_WAITING'
  | 'TASK_ANSWERED_FIRST'
  | 'PENDING_ID_MISMATCH'
  | 'ANSWER_INVALID'
  | 'ANSWER_TOO_LARGE'
  | 'BUDGET_EXCEEDED';

/** Base class of the errors of `@ufo-ts/server`. */
export class ServerError extends UfoError<ServerErrorCode> {
  declare readonly code: ServerErrorCode;
  /** The HTTP status the API answers with. */
  readonly httpStatus: 400 | 404 | 409 | 413 | 429 | 500 | 503;

  constructor(code: ServerErrorCode, httpStatus: ServerError['httpStatus'], message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
    this.httpStatus = httpStatus;
  }
}

/** No device with this client id is connected. */
export class DeviceNotFoundError extends ServerError {
  constructor(clientId: string) {
    super('DEVICE_NOT_FOUND', 404, `no device "${clientId}" is connected`);
  }
}

/** The device already runs a task; it runs one at a time. */
export class DeviceBusyError extends ServerError {
  constructor(clientId: string, taskName: string) {
    super('DEVICE_BUSY', 409, `device "${clientId}" is busy with task "${taskName}"; cancel it or wait for it to end`);
  }
}

/** A session id belongs to another owner (no squatting). */
export class SessionOwnershipError extends ServerError {
  constructor(sessionId: string) {
    super('SESSION_NOT_OWNED', 409, `session "${sessionId}" belongs to someone else`);
  }
}

/** The session id is taken by a running session. */
export class SessionIdInUseError extends ServerError {
  constructor(sessionId: string) {
    super('SESSION_ID_IN_USE', 409, `session "${sessionId}" is already running`);
  }
}

/** The task name is taken (by a running task, or a kept result of another owner). */
export class TaskNameInUseError extends ServerError {
  constructor(taskName: string) {
    super('TASK_NAME_IN_USE', 409, `task name "${taskName}" is already in use`);
  }
}

/** The device's platform has no agent kind. */
export class PlatformUnsupportedError extends ServerError {
  constructor(platform: string) {
    super('PLATFORM_UNSUPPORTED', 400, `no agent runs on platform "${platform}" (supported: linux, windows)`);
  }
}

/** No session or kept result has this task name or session id. */
export class TaskNotFoundError extends ServerError {
  constructor(what: string) {
    super('TASK_NOT_FOUND', 404, `no task ${what} is known (results expire; see the server's result retention)`);
  }
}

/** No session with this id is running. */
export class SessionNotFoundError extends ServerError {
  constructor(sessionId: string) {
    super('SESSION_NOT_FOUND', 404, `no session "${sessionId}" is running`);
  }
}

/** The server is stopping and accepts no new tasks. */
export class ServerStoppedError extends ServerError {
  constructor() {
    super('SERVER_STOPPED', 503, 'the server is stopping');
  }
}

/** The server could not listen (port in use, bad host). */
export class ServerListenError extends ServerError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SERVER_LISTEN_FAILED', 500, message, options);
  }
}

/** A device's task budget is spent (tasks per minute, or bytes of logs in the window): retry later. */
export class RateLimitedError extends ServerError {
  constructor(message: string) {
    super('RATE_LIMITED', 429, message);
  }
}

/** The session could not be created (the model or session factory failed). */
export class SessionCreateError extends ServerError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SESSION_CREATE_FAILED', 500, message, options);
  }
}

/** The task waits for nothing (it runs, ended, or its question was answered already): answers land once. */
export class TaskNotWaitingError extends ServerError {
  constructor(taskName: string, status: string) {
    super('TASK_NOT_WAITING', 409, `task "${taskName}" is not waiting for an answer (it is ${status}); an answer is taken once`);
  }
}

/**
 * A cancel reached a waiting task after an answer was taken for it and before its session runs again: the answer
 * came first, so the cancel is refused (the task was not cancelled; cancel it again once it runs).
 */
export class TaskAnsweredFirstError extends ServerError {
  constructor(taskName: string) {
    super('TASK_ANSWERED_FIRST', 409, `task "${taskName}" was answered first and is resuming; it was not cancelled (cancel it again once it runs)`);
  }
}

/** The answer names another pending question or action than the one the task waits for. */
export class PendingIdMismatchError extends ServerError {
  constructor(taskName: string, given: string) {
    super('PENDING_ID_MISMATCH', 409, `task "${taskName}" does not wait for pending id "${given}" (it was answered, or it is another task's)`);
  }
}

/** The answer does not fit what the task waits for (an approval for a question, too few answers, ...). */
export class AnswerInvalidError extends ServerError {
  constructor(message: string) {
    super('ANSWER_INVALID', 400, message);
  }
}

/** An answer is longer than the server accepts. */
export class AnswerTooLargeError extends ServerError {
  constructor(limitBytes: number) {
    super('ANSWER_TOO_LARGE', 413, `an answer is longer than ${limitBytes} bytes`);
  }
}

/** A cost or step budget (of the session or of the API key) is spent: the model is not called again. */
export class BudgetExceededError extends ServerError {
  constructor(message: string) {
    super('BUDGET_EXCEEDED', 429, message);
  }
}
