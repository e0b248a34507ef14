import type { CliCommand } from './cli-command.js';
import { cacheCommand } from './commands/cache.js';
import { clientCommand } from './commands/client.js';
import { evalCommand } from './commands/eval.js';
import { replayCommand } from './commands/replay.js';
import { reportCommand } from './commands/report.js';
import { resumeCommand } from './commands/resume.js';
import { runCommand } from './commands/run.js';
import { serveCommand } from './commands/serve.js';
import { tasksCommand } from './commands/tasks.js';

/**
 * The `ufo` commands, by name. To add one (`run`, `resume`, `report`, `replay`, ...), write
 * `commands/<name>.ts` exporting a {@link CliCommand} and add it here.
 */
export const COMMANDS: readonly CliCommand[] = [
  serveCommand,
  clientCommand,
  runCommand,
  resumeCommand,
  reportCommand,
  replayCommand,
  evalCommand,
  tasksCommand,
  cacheCommand,
];
