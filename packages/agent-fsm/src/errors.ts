import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Errors about agents: unknown or mis-configured agents, unknown states. */
export class AgentError extends UfoError {
  constructor(
    code: 'AGENT_UNKNOWN' | 'AGENT_MISCONFIGURED' | 'STATE_UNKNOWN' | 'STATE_TABLE_INVALID' | 'AGENT_ASSIGN_FAILED',
    message: string,
    options?: UfoErrorOptions,
  ) {
    super(code, message, options);
  }
}
