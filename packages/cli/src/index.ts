/**
 * `@ufo-ts/cli`: the `ufo` command. `ufo serve` runs the server; `ufo client` connects a device. The command table
 * is data ({@link COMMANDS}); each command is one file under `commands/`.
 */
export { runCli, topLevelHelp } from './cli.js';
export { COMMANDS } from './command-table.js';
export type { CliCommand } from './cli-command.js';
export { processIo, type CliIo } from './cli-io.js';
export { CliUsageError, type CliErrorCode } from './errors.js';
export { serveCommand } from './commands/serve.js';
export { clientCommand } from './commands/client.js';
export { tasksCommand } from './commands/tasks.js';
export { modelFactoryFromOptions, type ModelOptions } from './model-from-options.js';
export { parseOptions, intOption, required } from './parse-options.js';
