import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { runShellRequest } from '../shell/shell-runner.js';
import type { CompiledShellPolicy } from '../shell/compiled-policy.js';

/** The description of `run_shell` for a policy: what may run, and how. */
export function describeShellTool(compiled: CompiledShellPolicy): string {
  const names = [...compiled.commands.keys()].sort();
  return [
    'Run one allowed program with arguments (no shell: no pipes, ;, &&, redirections, $() or globs).',
    'Give either command = the whole command line (quotes work as in a shell), or command = the program name and args = the argument list.',
    `Allowed programs: ${names.join(', ')}.`,
    `Working directory must be inside: ${compiled.cwdRoots.join(', ')}.`,
    'Returns {argv, cwd, exit_code, stdout, stderr, truncated, duration_ms}.',
  ].join(' ');
}

/** The shell tool, bound to a compiled policy; command secrets come from `serverEnv` (see the policy's `env.pass`). */
export function shellTools(compiled: CompiledShellPolicy, serverEnv: NodeJS.ProcessEnv) {
  return [
    defineTool({
      name: 'run_shell',
      description: describeShellTool(compiled),
      toolType: 'action',
      timeoutMs: compiled.policy.maxTimeoutMs + 5000,
      input: z.object({
        command: z.string().min(1).describe('A command line, e.g. "ls -la /tmp", or just the program name when args is given.'),
        args: z.array(z.string()).optional().describe('Arguments, when command is only the program name.'),
        cwd: z.string().default('').describe('Absolute working directory; empty for the default.'),
        timeout: z.number().positive().optional().describe('Timeout in seconds.'),
      }),
      handler: ({ command, args, cwd, timeout }, extra) =>
        runShellRequest(
          compiled,
          { command, args, cwd: cwd || undefined, timeoutMs: timeout === undefined ? undefined : timeout * 1000 },
          { serverEnv, signal: extra.signal },
        ),
    }),
  ];
}
