import { errorMessage } from '@ufo-ts/core';
import type { CliCommand } from './cli-command.js';
import type { CliIo } from './cli-io.js';
import { COMMANDS } from './command-table.js';
import { CliUsageError } from './errors.js';
import { CLI_VERSION } from './version.js';

/** The top-level help: the command table. */
export function topLevelHelp(commands: readonly CliCommand[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: ufo <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `ufo <command> --help` for its options, `ufo --version` for the version.',
  ].join('\n');
}

/**
 * Runs `ufo <command> ...args` and resolves with the exit code: 0 on success, 1 when the command failed, 2 for a
 * usage error (printed with the command's usage).
 */
export async function runCli(argv: string[], io: CliIo, commands: readonly CliCommand[] = COMMANDS): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(`${topLevelHelp(commands)}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`${CLI_VERSION}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`ufo: unknown command "${name}"\n\n${topLevelHelp(commands)}\n`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr(`ufo ${command.name}: ${error.message}\n\n${command.usage}\n`);
      return 2;
    }
    io.stderr(`ufo ${command.name}: ${errorMessage(error)}\n`);
    return 1;
  }
}
