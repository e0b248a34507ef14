import type { CliIo } from './cli-io.js';

/** One `ufo <name>` command. Add a file under `commands/` and a line in `command-table.ts` to add a command. */
export interface CliCommand {
  /** The word after `ufo`. */
  readonly name: string;
  /** One line for `ufo --help`. */
  readonly summary: string;
  /** The full help text of `ufo <name> --help`. */
  readonly usage: string;
  /**
   * Runs the command with its own arguments (after the command name) and resolves with the exit code.
   * @throws CliUsageError when the arguments are wrong (printed with the usage, exit code 2).
   */
  run(args: string[], io: CliIo): Promise<number>;
}
