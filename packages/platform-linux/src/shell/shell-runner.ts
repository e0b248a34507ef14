import { ShellLimitError, ShellRefusedError } from '../errors.js';
import { checkArguments } from './argument-check.js';
import { checkDirectoryOperands, checkOldStyleOptions, checkResponseFiles, withArgumentFileDenials } from './argument-files.js';
import { splitCommandLine } from './command-line.js';
import { checkWorkingDirectory, resolveAllowedCommand, type CompiledShellPolicy } from './compiled-policy.js';
import { checkPathArguments } from './path-arguments.js';
import { hostProcessCeiling, limitError, limitReached, prlimitArgs } from './resource-limits.js';
import { runProgram, type ProgramResult } from './run-program.js';
import { bubblewrapArgs } from './sandbox.js';

/** One shell request as the tool receives it. */
export interface ShellRequest {
  /** A program name (with `args`), or a whole command line (without `args`; split without any expansion). */
  command: string;
  args?: readonly string[];
  /** Absolute working directory inside an allowed root. */
  cwd?: string;
  /** Timeout in milliseconds (capped by the policy). */
  timeoutMs?: number;
}

/** What the shell tool returns. */
export interface ShellResult extends ProgramResult {
  /** The argv that ran, program as an absolute path. */
  argv: string[];
  cwd: string;
  /** `bwrap` when the program ran under bubblewrap, `none` when it ran directly. */
  sandbox: 'bwrap' | 'none';
}

/** Everything checked before anything runs: program, arguments (path arguments inside the roots), working directory, timeout. */
export interface PreparedCommand {
  path: string;
  name: string;
  args: string[];
  cwd: string;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
}

/**
 * Checks a request against the policy and returns what to run, or throws {@link ShellRefusedError}. Secrets the
 * commands need come from `serverEnv` through `policy.env.pass`, never from the request.
 */
export function prepareShellCommand(compiled: CompiledShellPolicy, request: ShellRequest, serverEnv: NodeJS.ProcessEnv = process.env): PreparedCommand {
  const { policy } = compiled;
  let name: string;
  let args: string[];
  if (request.args === undefined) {
    const argv = splitCommandLine(request.command);
    if (argv.length === 0) throw new ShellRefusedError('refused: empty command');
    [name, ...args] = argv as [string, ...string[]];
  } else {
    name = request.command;
    args = [...request.args];
  }
  const command = resolveAllowedCommand(compiled, name);
  if (args.length > policy.maxArgs) throw new ShellRefusedError(`refused ${name}: at most ${policy.maxArgs} arguments`);
  for (const arg of args) {
    if (arg.includes('\0')) throw new ShellRefusedError(`refused ${name}: an argument contains a NUL character`);
    if (arg.length > policy.maxArgLength) throw new ShellRefusedError(`refused ${name}: an argument is longer than ${policy.maxArgLength} characters`);
  }
  checkArguments(name, withArgumentFileDenials(name, command.path, command.rule.args), args);
  checkResponseFiles(name, command.path, args);
  checkOldStyleOptions(name, command.path, args);
  const cwd = checkWorkingDirectory(compiled, request.cwd);
  checkPathArguments(name, args, cwd, compiled.cwdRoots);
  checkDirectoryOperands(name, command.path, args, cwd);
  const timeoutMs = Math.min(Math.max(1, Math.round(request.timeoutMs ?? policy.timeoutMs)), policy.maxTimeoutMs);
  const env: NodeJS.ProcessEnv = { PATH: policy.searchPath.join(':') };
  for (const key of policy.env.pass) if (serverEnv[key] !== undefined) env[key] = serverEnv[key];
  Object.assign(env, policy.env.set);
  return { path: command.path, name, args, cwd, timeoutMs, env };
}

/**
 * Checks and runs one request under the policy's resource limits. Non-zero exit codes are results; refusals,
 * timeouts, limits reached ({@link ShellLimitError}) and start failures throw.
 */
export async function runShellRequest(
  compiled: CompiledShellPolicy,
  request: ShellRequest,
  options: { serverEnv?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<ShellResult> {
  const prepared = prepareShellCommand(compiled, request, options.serverEnv);
  const { limits } = compiled.policy;
  const bwrap = compiled.bubblewrap;
  // Under bubblewrap the limits are set inside the sandbox's own user namespace, where RLIMIT_NPROC counts only
  // the command's tasks; without it the kernel counts all of the user's tasks. Root is exempt from RLIMIT_NPROC
  // (also in a sandbox that bubblewrap starts without a user namespace), so a watch on the command's processes
  // backs it up in every mode.
  const launcher = [compiled.prlimit, ...prlimitArgs(limits, bwrap ? limits.processes : hostProcessCeiling(limits.processes))];
  let result: ProgramResult;
  try {
    result = await runProgram({
      path: bwrap ?? compiled.prlimit,
      args: bwrap
        ? bubblewrapArgs({ program: prepared.path, args: prepared.args, cwd: prepared.cwd, roots: compiled.cwdRoots, launcher })
        : [...launcher.slice(1), prepared.path, ...prepared.args],
      cwd: prepared.cwd,
      env: prepared.env,
      timeoutMs: prepared.timeoutMs,
      outputLimitBytes: compiled.policy.outputLimitBytes,
      signal: options.signal,
      // bubblewrap's own two processes (its monitor and the sandbox's init) are not the command's
      processCap: limits.processes + (bwrap ? 2 : 0),
    });
  } catch (error) {
    if (error instanceof ShellLimitError) throw limitError(prepared.name, error.limit, limits, error.details as unknown as ProgramResult, error);
    throw error;
  }
  const reached = limitReached(result);
  if (reached) throw limitError(prepared.name, reached, limits, result);
  return { argv: [prepared.path, ...prepared.args], cwd: prepared.cwd, sandbox: bwrap ? 'bwrap' : 'none', ...result };
}
