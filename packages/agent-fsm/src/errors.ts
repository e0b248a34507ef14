import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/agent-fsm` throws. */
export const AGENT_ERROR_CODES = ['AGENT_UNKNOWN', 'AGENT_MISCONFIGURED', 'STATE_UNKNOWN', 'STATE_TABLE_INVALID', 'AGENT_ASSIGN_FAILED'] as const;
/** One of {@link AGENT_ERROR_CODES}. */
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

/** Errors about agents: unknown or mis-configured agents, unknown states. */
export class AgentError extends UfoError<AgentErrorCode> {
  constructor(code: AgentErrorCode, message: string, options?: UfoErrorOptions) {
    super(code, message, options);
  }
}
