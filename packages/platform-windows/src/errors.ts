import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Error codes thrown by @ufo-ts/platform-windows. */
export type WindowsErrorCode =
  | 'WINDOWS_BRIDGE_UNAVAILABLE'
  | 'WINDOWS_BRIDGE_BLOCKED'
  | 'WINDOWS_BRIDGE_CRASHED'
  | 'WINDOWS_BRIDGE_TIMEOUT'
  | 'WINDOWS_BRIDGE_PROTOCOL'
  | 'WINDOWS_BRIDGE_CLOSED'
  | 'WINDOWS_BRIDGE_REQUEST_FAILED'
  | 'WINDOW_VANISHED'
  | 'CONTROL_VANISHED'
  | 'WINDOW_NOT_SELECTED'
  | 'WINDOW_ID_UNKNOWN'
  | 'CONTROL_ID_UNKNOWN'
  | 'KEY_SEQUENCE_INVALID'
  | 'INPUT_INVALID'
  | 'LAUNCH_REFUSED'
  | 'LAUNCH_FAILED';

/** Base class of every error this package throws. */
export class WindowsPlatformError extends UfoError {
  declare readonly code: WindowsErrorCode;
  constructor(code: WindowsErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/**
 * The UIA bridge process could not be used: not on Windows, PowerShell missing or blocked, it crashed, timed out,
 * spoke a different protocol, or was closed.
 */
export class BridgeError extends WindowsPlatformError {}

/** The bridge ran the request and answered with an error it could not classify further. */
export class BridgeRequestError extends WindowsPlatformError {
  /** The bridge's own error code (`window_not_found`, `element_stale`, `element_unknown`, `pattern_unsupported`…). */
  readonly bridgeCode: string;
  /** The bridge operation that failed. */
  readonly op: string;
  constructor(op: string, bridgeCode: string, message: string, options: UfoErrorOptions = {}) {
    super('WINDOWS_BRIDGE_REQUEST_FAILED', `${op}: ${message} (${bridgeCode})`, {
      ...options,
      details: { ...options.details, op, bridgeCode },
    });
    this.op = op;
    this.bridgeCode = bridgeCode;
  }
}

/** The window was closed between being listed (or selected) and being used. */
export class WindowVanishedError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('WINDOW_VANISHED', message, options);
  }
}

/** The control was removed from the UI since the last enumeration and could not be found again. */
export class ControlVanishedError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONTROL_VANISHED', message, options);
  }
}

/** A tool needs a selected window and none was selected (UFO's wording is kept). */
export class NoWindowSelectedError extends WindowsPlatformError {
  constructor(options: UfoErrorOptions = {}) {
    super('WINDOW_NOT_SELECTED', 'No window is selected， please select a window first.', options);
  }
}

/** A window or control id is not part of the latest enumeration. */
export class UnknownTargetIdError extends WindowsPlatformError {
  constructor(code: 'WINDOW_ID_UNKNOWN' | 'CONTROL_ID_UNKNOWN', message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/** A pywinauto key sequence could not be parsed. */
export class KeySequenceError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('KEY_SEQUENCE_INVALID', message, options);
  }
}

/** Tool arguments that are well-typed but unusable (a coordinate outside 0..1, an unknown key to hold…). */
export class InputInvalidError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('INPUT_INVALID', message, options);
  }
}

/** The launcher refused a command: not allow-listed, not resolvable to an executable, or a denied argument. */
export class LaunchRefusedError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('LAUNCH_REFUSED', message, options);
  }
}

/** The launcher tried to start an allow-listed program and the OS refused. */
export class LaunchFailedError extends WindowsPlatformError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('LAUNCH_FAILED', message, options);
  }
}
