import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';
import type { DesktopErrorCode } from '@ufo-ts/desktop-common';

// The errors every platform throws with the same code live in @ufo-ts/desktop-common; these names stay public here.
export { ControlVanishedError, InputInvalidError, NoWindowSelectedError, WindowVanishedError } from '@ufo-ts/desktop-common';

/**
 * Error codes thrown by @ufo-ts/platform-windows: its own, and those of the shared desktop errors
 * (`WINDOW_VANISHED`, `CONTROL_VANISHED`, `NO_WINDOW_SELECTED`, `INPUT_INVALID`).
 */
export type WindowsErrorCode =
  | DesktopErrorCode
  | 'WINDOWS_BRIDGE_UNAVAILABLE'
  | 'WINDOWS_BRIDGE_BLOCKED'
  | 'WINDOWS_BRIDGE_CRASHED'
  | 'WINDOWS_BRIDGE_TIMEOUT'
  | 'WINDOWS_BRIDGE_PROTOCOL'
  | 'WINDOWS_BRIDGE_CLOSED'
  | 'WINDOWS_BRIDGE_REQUEST_FAILED'
  | 'WINDOW_ID_UNKNOWN'
  | 'CONTROL_ID_UNKNOWN'
  | 'KEY_SEQUENCE_INVALID'
  | 'LAUNCH_REFUSED'
  | 'LAUNCH_FAILED';

/** Base class of the errors only this package throws (the shared ones extend `DesktopError` of desktop-common). */
export class WindowsPlatformError extends UfoError<WindowsErrorCode> {
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

/** UFO's message when a tool needs a selected window (its wording, full-width comma included, is kept). */
export const UFO_NO_WINDOW_SELECTED_MESSAGE = 'No window is selected， please select a window first.';

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
