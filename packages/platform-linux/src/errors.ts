import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';
import type { DesktopErrorCode } from '@ufo-ts/desktop-common';

// The errors every platform throws with the same code live in @ufo-ts/desktop-common; these names stay public here
// (`InputError` is this package's name for `InputInvalidError`).
export { ControlVanishedError, InputInvalidError, InputInvalidError as InputError, NoWindowSelectedError, WindowVanishedError } from '@ufo-ts/desktop-common';

/**
 * Error codes thrown by @ufo-ts/platform-linux: its own, and those of the shared desktop errors
 * (`NO_WINDOW_SELECTED`, `WINDOW_VANISHED`, `CONTROL_VANISHED`, `INPUT_INVALID`).
 */
export type LinuxErrorCode =
  | DesktopErrorCode
  | 'DESKTOP_START_FAILED'
  | 'DESKTOP_STOPPED'
  | 'APP_LAUNCH_FAILED'
  | 'APP_NOT_ALLOWED'
  | 'APP_NOT_READY'
  | 'ATSPI_FAILED'
  | 'X11_FAILED'
  | 'WINDOW_NOT_FOUND'
  | 'CONTROL_ID_STALE'
  | 'CONTROL_NOT_FOUND'
  | 'CONTROL_NOT_ACTIONABLE'
  | 'CONTROL_DISABLED'
  | 'NO_EFFECT'
  | 'APP_NOT_RESPONDING'
  | 'SHELL_REFUSED'
  | 'SHELL_TIMEOUT'
  | 'SHELL_FAILED'
  | 'SHELL_LIMIT'
  | 'SHELL_POLICY_INVALID'
  | 'SERVER_MISCONFIGURED';

/** Base class of the errors only this package throws (the shared ones extend `DesktopError` of desktop-common). */
export class LinuxPlatformError extends UfoError<LinuxErrorCode> {
  declare readonly code: LinuxErrorCode;
  constructor(code: LinuxErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/** A part of the virtual desktop (Xvfb, D-Bus, AT-SPI bus, window manager) did not start. */
export class DesktopStartError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('DESKTOP_START_FAILED', message, options);
  }
}

/** The desktop was used after `stop()`. */
export class DesktopStoppedError extends LinuxPlatformError {
  constructor(message = 'the desktop has been stopped', options: UfoErrorOptions = {}) {
    super('DESKTOP_STOPPED', message, options);
  }
}

/** An application could not be started, or exited before its window appeared. */
export class AppLaunchError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('APP_LAUNCH_FAILED', message, options);
  }
}

/** `launch_application` was asked for an application that is not on the allow-list. */
export class AppNotAllowedError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('APP_NOT_ALLOWED', message, options);
  }
}

/** An application did not show its window on the accessibility tree in time. */
export class AppNotReadyError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('APP_NOT_READY', message, options);
  }
}

/** An AT-SPI (accessibility bus) call failed for a reason other than a vanished object. */
export class AtspiError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('ATSPI_FAILED', message, options);
  }
}

/** An X11 request failed. */
export class X11Error extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('X11_FAILED', message, options);
  }
}

/** A window id that was never listed (or is malformed). */
export class WindowNotFoundError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('WINDOW_NOT_FOUND', message, options);
  }
}

/** A control id from an older enumeration was used after the controls were listed again. */
export class StaleControlIdError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_ID_STALE', message, options);
  }
}

/** A control id that does not exist in the current enumeration. */
export class ControlNotFoundError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_NOT_FOUND', message, options);
  }
}

/** The control has neither an action nor an on-screen position, or cannot take text. */
export class ControlNotActionableError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_NOT_ACTIONABLE', message, options);
  }
}

/** The shell policy refused a command (not allow-listed, forbidden argument, bad working directory). */
export class ShellRefusedError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SHELL_REFUSED', message, options);
  }
}

/** A shell command ran longer than its timeout and was killed. */
export class ShellTimeoutError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SHELL_TIMEOUT', message, options);
  }
}

/** A resource a shell command may use, as the shell policy's `limits` name it. */
export type ShellLimit = 'memory' | 'processes' | 'cpu' | 'file-size';

/** A shell command ran into a resource limit of the shell policy (memory, processes, CPU time, file size) and was stopped. */
export class ShellLimitError extends LinuxPlatformError {
  /** The limit the command ran into. */
  readonly limit: ShellLimit;
  constructor(limit: ShellLimit, message: string, options: UfoErrorOptions = {}) {
    super('SHELL_LIMIT', message, options);
    this.limit = limit;
  }
}

/** A shell command could not be started. */
export class ShellFailedError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SHELL_FAILED', message, options);
  }
}

/** A shell policy that does not validate (unknown binary, bad root). */
export class ShellPolicyError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SHELL_POLICY_INVALID', message, options);
  }
}

/** A tool server option that is missing or unsafe (e.g. HTTP without a token). */
export class ServerConfigError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SERVER_MISCONFIGURED', message, options);
  }
}

/** The control is disabled (insensitive) and did not become enabled within the wait. */
export class ControlDisabledError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_DISABLED', message, options);
  }
}

/**
 * An application stopped answering accessibility calls: it is busy, or blocked in a nested event loop (a modal
 * dialog run from inside an accessibility request). Its windows usually still take pointer and keyboard input.
 */
export class AppNotRespondingError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('APP_NOT_RESPONDING', message, options);
  }
}

/**
 * An action ran but did not do what it is for: a click on a check box, radio button, switch or toggle button left
 * its checked (or pressed) state as it was, even after a second click at the control's own box. The message says
 * what was seen instead (e.g. `+focused only`).
 */
export class NoEffectError extends LinuxPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('NO_EFFECT', message, options);
  }
}
