import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ShellPolicyError, ShellRefusedError } from '../errors.js';
import { requirePrlimit } from './resource-limits.js';
import { resolveSandbox } from './sandbox.js';
import { COMMAND_NAME, ShellPolicySchema, type CommandRule, type ShellPolicy, type ShellPolicyInput } from './shell-policy.js';

/** An allowed command with its program resolved to an absolute path. */
export interface ResolvedCommand {
  name: string;
  /** Absolute, symlink-free path of the program. */
  path: string;
  rule: CommandRule;
}

/** A validated policy with every command resolved once, up front. */
export interface CompiledShellPolicy {
  policy: ShellPolicy;
  /** Allowed commands that are installed. */
  commands: ReadonlyMap<string, ResolvedCommand>;
  /** Allowed commands whose program was not found. */
  unavailable: readonly string[];
  /** Working-directory roots, symlinks resolved. */
  cwdRoots: readonly string[];
  /** The bubblewrap program programs run under, or undefined when they run directly (policy `sandbox`). */
  bubblewrap: string | undefined;
  /** The `prlimit` program that sets each command's resource limits (policy `limits`). */
  prlimit: string;
}

function executable(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    const real = realpathSync(path);
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Validates a policy and resolves each allowed command to an absolute program path: the rule's `path`, else the
 * first match in `searchPath`. Only these paths are ever executed, so `./ls` or a `/tmp/ls` planted by someone
 * cannot be run in place of `ls`. `options.bubblewrapCandidates` and `options.prlimitCandidates` replace where
 * bubblewrap and prlimit are looked for (tests).
 * @throws ShellPolicyError for an invalid policy, a missing root, sandbox `bwrap` without bubblewrap installed, or
 * no `prlimit` to set the resource limits with.
 */
export function compileShellPolicy(
  input: ShellPolicy | ShellPolicyInput,
  options: { bubblewrapCandidates?: readonly string[]; prlimitCandidates?: readonly string[] } = {},
): CompiledShellPolicy {
  const parsed = ShellPolicySchema.safeParse(input);
  if (!parsed.success) throw new ShellPolicyError(`invalid shell policy: ${parsed.error.message}`, { cause: parsed.error });
  const policy = parsed.data;
  const commands = new Map<string, ResolvedCommand>();
  const unavailable: string[] = [];
  for (const [name, rule] of Object.entries(policy.commands)) {
    const path = rule.path ? executable(rule.path) : policy.searchPath.map((dir) => executable(join(dir, name))).find((p) => p !== undefined);
    if (path) commands.set(name, { name, path, rule });
    else unavailable.push(name);
  }
  const cwdRoots = policy.allowedCwdRoots.map((root) => {
    try {
      return realpathSync(root);
    } catch (error) {
      throw new ShellPolicyError(`working-directory root ${root} does not exist`, { cause: error });
    }
  });
  const bubblewrap = resolveSandbox(policy.sandbox, options.bubblewrapCandidates);
  const prlimit = requirePrlimit(options.prlimitCandidates);
  return { policy, commands, unavailable, cwdRoots, bubblewrap, prlimit };
}

/** Looks up an allowed command by its bare name. Throws {@link ShellRefusedError} otherwise. */
export function resolveAllowedCommand(compiled: CompiledShellPolicy, name: string): ResolvedCommand {
  if (!COMMAND_NAME.test(name)) {
    const why = name.includes('/') ? 'give the bare command name, not a path' : 'it is not a command name';
    throw new ShellRefusedError(`refused ${JSON.stringify(name)}: ${why}. Allowed commands: ${[...compiled.commands.keys()].join(' ')}`);
  }
  const command = compiled.commands.get(name);
  if (!command) {
    const why = compiled.unavailable.includes(name) ? 'it is allowed but not installed here' : 'it is not on the allow-list';
    throw new ShellRefusedError(`refused ${JSON.stringify(name)}: ${why}. Allowed commands: ${[...compiled.commands.keys()].join(' ')}`);
  }
  return command;
}

/** Resolves and checks a working directory: it must exist, be a directory and lie inside an allowed root. */
export function checkWorkingDirectory(compiled: CompiledShellPolicy, cwd: string | undefined): string {
  const wanted = cwd ?? compiled.policy.defaultCwd ?? compiled.cwdRoots[0]!;
  if (!isAbsolute(wanted)) throw new ShellRefusedError(`refused working directory ${JSON.stringify(wanted)}: give an absolute path`);
  let real: string;
  try {
    real = realpathSync(resolve(wanted));
    if (!statSync(real).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new ShellRefusedError(`refused working directory ${JSON.stringify(wanted)}: it does not exist or is not a directory`);
  }
  const inside = compiled.cwdRoots.some((root) => {
    const rel = relative(root, real);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  });
  if (!inside)
    throw new ShellRefusedError(`refused working directory ${JSON.stringify(wanted)}: it is outside the allowed roots (${compiled.cwdRoots.join(', ')})`);
  return real;
}
