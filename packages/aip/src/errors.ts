import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/aip` throws (failure Results carry them as the prefix of their `error` text). */
export type AipClientErrorCode =
  | 'AIP_MESSAGE_TOO_LARGE'
  | 'AIP_CHANNEL_CLOSED'
  | 'DEVICE_DISCONNECTED'
  | 'COMMAND_TIMEOUT'
  | 'COMMAND_ABORTED'
  | 'COMMAND_INVALID'
  | 'RESULT_MISSING'
  | 'DISPATCHER_CLOSED'
  | 'REMOTE_LIST_TOOLS_FAILED'
  | 'REGISTRATION_REFUSED'
  | 'CLIENT_STOPPED'
  | 'CONNECT_FAILED';

/** Base class of the errors of `@ufo-ts/aip`. */
export class AipError extends UfoError<AipClientErrorCode> {
  declare readonly code: AipClientErrorCode;

  constructor(code: AipClientErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }

  /** The text a failure Result carries: `"<CODE>: <message>"`. */
  toResultText(): string {
    return `${this.code}: ${this.message}`;
  }
}

/** A message is larger than the protocol's size limit; it was not sent. */
export class AipMessageTooLargeError extends AipError {
  constructor(bytes: number, limit: number, options: UfoErrorOptions = {}) {
    super('AIP_MESSAGE_TOO_LARGE', `message of ${bytes} bytes exceeds the ${limit}-byte limit`, options);
  }
}

/** The connection to the peer is closed; nothing can be sent. */
export class AipChannelClosedError extends AipError {
  constructor(message = 'the connection is closed', options: UfoErrorOptions = {}) {
    super('AIP_CHANNEL_CLOSED', message, options);
  }
}

/** The server refused the device's registration (version mismatch, duplicate id, bad key); retrying will not help. */
export class RegistrationRefusedError extends AipError {
  /** The server's ERROR code (`PROTOCOL_VERSION_MISMATCH`, `CLIENT_ID_IN_USE`, ...) or `UNAUTHORIZED`. */
  readonly serverCode: string;

  constructor(serverCode: string, message: string, options: UfoErrorOptions = {}) {
    super('REGISTRATION_REFUSED', message, { ...options, details: { serverCode } });
    this.serverCode = serverCode;
  }
}

/** The remote device could not list its tools. */
export class RemoteListToolsError extends AipError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('REMOTE_LIST_TOOLS_FAILED', message, options);
  }
}

/** The device client gave up connecting (retries exhausted) or was stopped. */
export class DeviceClientStoppedError extends AipError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CLIENT_STOPPED', message, options);
  }
}
