import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/**
 * Codes of the errors this package produces. Failure Results carry them as the prefix of their `error` text
 * (`"TOOL_UNKNOWN: ..."`), thrown errors carry them in `code`.
 */
export type DispatchErrorCode =
  | 'CONFIG_INVALID'
  | 'COMMAND_INVALID'
  | 'AGENT_UNKNOWN'
  | 'TOOL_UNKNOWN'
  | 'TOOL_ARGUMENTS_INVALID'
  | 'TOOL_FAILED'
  | 'TOOL_TIMEOUT'
  | 'COMMAND_ABORTED'
  | 'COMMAND_SKIPPED'
  | 'SERVER_START_FAILED'
  | 'SERVER_CRASHED'
  | 'DISPATCHER_CLOSED'
  | 'DISPATCH_FAILED'
  | 'TOOL_DEFINITION_INVALID'
  | 'SERVER_LISTEN_FAILED';

/** Base class of the errors of `@ufo-ts/dispatchers`. */
export class DispatchError extends UfoError<DispatchErrorCode> {
  declare readonly code: DispatchErrorCode;

  constructor(code: DispatchErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }

  /** The text a failure Result carries: `"<CODE>: <message>"`. */
  toResultText(): string {
    return `${this.code}: ${this.message}`;
  }
}

/** The tool-server configuration (object or YAML) does not match `ToolServersConfigSchema`. */
export class ToolServersConfigError extends DispatchError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CONFIG_INVALID', message, options);
  }
}

/** No servers are configured for the target's agent kind. */
export class AgentUnknownError extends DispatchError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('AGENT_UNKNOWN', message, options);
  }
}

/** A tool server could not be started or connected (spawn failure, refused connection, no MCP handshake). */
export class ServerStartError extends DispatchError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SERVER_START_FAILED', message, options);
  }
}

/** The dispatcher was closed; it runs nothing more. */
export class DispatcherClosedError extends DispatchError {
  constructor(message = 'The dispatcher is closed', options: UfoErrorOptions = {}) {
    super('DISPATCHER_CLOSED', message, options);
  }
}

/** `defineTool` was given an invalid name or timeout. */
export class ToolDefinitionError extends DispatchError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('TOOL_DEFINITION_INVALID', message, options);
  }
}

/** `serveHttp` could not listen (port in use, bad host). */
export class ToolServerListenError extends DispatchError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('SERVER_LISTEN_FAILED', message, options);
  }
}
