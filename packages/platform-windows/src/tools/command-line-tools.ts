import { defineTool, type ToolDefinition } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import type { AppLauncher } from '../launcher/app-launcher.js';

/** CommandLineExecutor: launch allow-listed applications (UFO `cli_mcp_server.py`), never through a shell. */
export function commandLineTools(launcher: AppLauncher): ToolDefinition[] {
  const allowed = launcher.allowed.join(', ') || '(none)';
  return [
    defineTool({
      name: 'run_shell',
      description: `Launch an application with a command line, e.g. run_shell(bash_command='notepad "C:\\\\Users\\\\me\\\\notes.txt"'). Only these applications can be started: ${allowed}. No shell is used: pipes, redirections and chained commands are not available.`,
      input: z.object({ bash_command: z.string().describe('The application name followed by its arguments.') }),
      handler: (a, extra) => launcher.launchCommandLine(a.bash_command, extra.signal),
    }),
    defineTool({
      name: 'launch_application',
      description: `Launch an allowed application (${allowed}) with a list of arguments.`,
      input: z.object({
        app: z.string().describe(`One of: ${allowed}.`),
        args: z.array(z.string()).default([]).describe('Arguments, one per element (e.g. a file to open).'),
      }),
      handler: (a, extra) => launcher.launch(a.app, a.args, extra.signal),
    }),
  ];
}
