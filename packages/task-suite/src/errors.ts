import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Error codes thrown by @ufo-ts/task-suite. */
export type TaskSuiteErrorCode =
  /** A reference step names a control or window the prompt the engine sent does not contain. */
  | 'REFERENCE_NOT_IN_PROMPT'
  /** A reference step names a control or window the live accessibility tree of the focused window does not show (computer-use play). */
  | 'REFERENCE_NOT_ON_SCREEN'
  /** The grounded model was asked for more replies than its reference solution has. */
  | 'SOLUTION_EXHAUSTED'
  /** A task id given to the runner is not in the suite. */
  | 'TASK_UNKNOWN'
  /** A task's set-up failed (its app did not start, a file could not be written). */
  | 'TASK_SETUP_FAILED'
  /** A model spec (`imperfect:<kind>[:<seed>]`) is not of that form or names an unknown kind. */
  | 'MODEL_SPEC_INVALID'
  /** A task file (`*.task.json`) is not JSON, does not match the task schema, or names an unknown placeholder or a fixture outside its folder. */
  | 'TASK_FILE_INVALID'
  /** Two task files of a folder have the same id. */
  | 'TASK_ID_DUPLICATE';

/** Base class of every error this package throws on purpose. */
export class TaskSuiteError extends UfoError<TaskSuiteErrorCode> {
  declare readonly code: TaskSuiteErrorCode;
  constructor(code: TaskSuiteErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}
