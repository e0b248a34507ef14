import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** The command line is wrong (unknown command or option, missing value); the message says how to fix it. */
export class CliUsageError extends UfoError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('CLI_USAGE', message, options);
  }
}
