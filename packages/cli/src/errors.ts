import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/cli` throws. */
export type CliErrorCode = 'CLI_USAGE';

/** The command line is wrong (unknown command or option, missing value); the message says how to fix it. */
export class CliUsageError extends UfoError<CliErrorCode> {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CLI_USAGE', message, options);
  }
}
