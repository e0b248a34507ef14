import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Error codes both platform packages throw through the classes of this module. */
export type DesktopErrorCode = 'WINDOW_VANISHED' | 'CONTROL_VANISHED' | 'NO_WINDOW_SELECTED' | 'INPUT_INVALID';

/**
 * Base class of the errors every desktop platform throws the same way. Each platform re-exports the subclasses
 * under the names it has always used, so `error.code` reads the same on Linux and on Windows.
 *
 * @example
 * ```ts
 * try {
 *   await desktop.click(id);
 * } catch (error) {
 *   if (error instanceof DesktopError && error.code === 'WINDOW_VANISHED') await desktop.listWindows();
 *   else throw error;
 * }
 * ```
 */
export class DesktopError extends UfoError<DesktopErrorCode> {
  declare readonly code: DesktopErrorCode;
  constructor(code: DesktopErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/**
 * The window existed when it was listed or selected, but is gone now (closed, crashed). Code `WINDOW_VANISHED`.
 *
 * @example
 * ```ts
 * throw new WindowVanishedError(`the selected window ${id} no longer exists`, { cause: error });
 * ```
 */
export class WindowVanishedError extends DesktopError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('WINDOW_VANISHED', message, options);
  }
}

/**
 * The control was listed, but is gone from the user interface now. Code `CONTROL_VANISHED`.
 *
 * @example
 * ```ts
 * throw new ControlVanishedError(`control ${id} no longer exists: list the controls again`, { cause: error });
 * ```
 */
export class ControlVanishedError extends DesktopError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_VANISHED', message, options);
  }
}

/** Message of a {@link NoWindowSelectedError} constructed without one. */
export const NO_WINDOW_SELECTED_MESSAGE = 'no window is selected: call select_application_window with an id from list_windows first';

/**
 * A window-scoped tool was called before a window was selected. Code `NO_WINDOW_SELECTED`.
 *
 * @example
 * ```ts
 * throw new NoWindowSelectedError(); // the default message, NO_WINDOW_SELECTED_MESSAGE
 * throw new NoWindowSelectedError('No window is selected, please select a window first.');
 * ```
 */
export class NoWindowSelectedError extends DesktopError {
  constructor(message = NO_WINDOW_SELECTED_MESSAGE, options: UfoErrorOptions = {}) {
    super('NO_WINDOW_SELECTED', message, options);
  }
}

/**
 * Tool arguments that are well-typed but unusable: an unknown key name, a coordinate off the screen, a fraction
 * outside 0..1. Code `INPUT_INVALID`.
 *
 * @example
 * ```ts
 * if (x < 0 || x > 1) throw new InputInvalidError(`x must be between 0 and 1, got ${x}`);
 * ```
 */
export class InputInvalidError extends DesktopError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('INPUT_INVALID', message, options);
  }
}
