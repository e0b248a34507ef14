import { z } from 'zod';

/** How the arguments of one allowed command are checked. */
export const ArgumentRuleSchema = z.object({
  /**
   * `any`: every option is allowed except those in `deny`; `listed`: only the options in `options` are allowed
   * (use it for commands whose options can run programs or write files, such as `find`).
   */
  mode: z.enum(['any', 'listed']).default('any'),
  /** Allowed options (mode `listed`), each `flag` (no value) or `value` (takes the next argument or `=value`). */
  options: z.record(z.string(), z.enum(['flag', 'value'])).default({}),
  /**
   * Refused options, in any mode. A long option (`--compress-program`) is also refused when abbreviated
   * (`--compress-prog`, as GNU getopt accepts); a short one (`-o`) also inside a cluster (`-ro`).
   */
  deny: z.array(z.string()).default([]),
  /** When set, the argument list must be exactly one of these (e.g. `[["--version"]]`). */
  exact: z.array(z.array(z.string())).optional(),
  /** Most positional (non-option) arguments allowed. */
  maxPositional: z.number().int().nonnegative().optional(),
  /** Long options start with one dash (`find -name`): no clusters, no abbreviations, no `--` end marker. */
  singleDashLong: z.boolean().default(false),
  /**
   * Long options that take a value, and what the value is: `path` (a file or folder, checked against the roots
   * like a positional argument), `text` (a pattern, number or format), or `file-list` (a file the program reads
   * further file names from, such as `--files0-from`: always refused, as the names inside cannot be checked).
   */
  values: z.record(z.string(), z.enum(['path', 'text', 'file-list'])).default({}),
  /**
   * What to do with `--name=value` when `--name` is not in `values` (nor a `value` option of mode `listed`):
   * `refuse` (default, fail closed: an attached value the checker does not understand could name a file in a way
   * it cannot see) or `allow` (the value is still checked as a path).
   */
  unknownValues: z.enum(['refuse', 'allow']).default('refuse'),
});
/** The arguments a command accepts (see {@link ArgumentRuleSchema}). */
export type ArgumentRule = z.infer<typeof ArgumentRuleSchema>;

/** One allowed command. */
export const CommandRuleSchema = z.object({
  /** Absolute path of the program; default: found in the policy's `searchPath`. */
  path: z.string().startsWith('/').optional(),
  args: ArgumentRuleSchema.default({ mode: 'any', options: {}, deny: [], singleDashLong: false, values: {}, unknownValues: 'refuse' }),
  /** Shown to the model. */
  description: z.string().default(''),
});
/** One allowed command (see {@link CommandRuleSchema}). */
export type CommandRule = z.infer<typeof CommandRuleSchema>;

/** Default {@link ResourceLimitsSchema} values. */
export const DEFAULT_RESOURCE_LIMITS = { memoryBytes: 512 * 1024 * 1024, processes: 64, cpuSeconds: 30, fileSizeBytes: 64 * 1024 * 1024 } as const;

/**
 * Resource ceilings of every shell command, with or without bubblewrap (set with `prlimit` before the program
 * starts). A command that runs into one is stopped and reported as `ShellLimitError` naming the limit.
 * @example
 * ```ts
 * const limits = ResourceLimitsSchema.parse({ memoryBytes: 256 * 1024 * 1024, processes: 16 });
 * const policy = createDefaultShellPolicy({ allowedCwdRoots: ['/srv/data'], overrides: { limits } });
 * ```
 */
export const ResourceLimitsSchema = z.object({
  /**
   * Address space in bytes (RLIMIT_AS): allocations beyond it fail. Programs that reserve much address space up
   * front (a JVM, Node.js) need more than the default.
   */
  memoryBytes: z
    .number()
    .int()
    .min(16 * 1024 * 1024)
    .default(DEFAULT_RESOURCE_LIMITS.memoryBytes),
  /**
   * Processes and threads the command may have at once (RLIMIT_NPROC inside the sandbox's own user namespace;
   * without bubblewrap also a watch on the command's process group that kills it once it has more).
   */
  processes: z.number().int().positive().default(DEFAULT_RESOURCE_LIMITS.processes),
  /** CPU seconds (RLIMIT_CPU). */
  cpuSeconds: z.number().int().positive().default(DEFAULT_RESOURCE_LIMITS.cpuSeconds),
  /** Largest file the command may write, in bytes (RLIMIT_FSIZE). */
  fileSizeBytes: z.number().int().positive().default(DEFAULT_RESOURCE_LIMITS.fileSizeBytes),
});
/** Resource ceilings of shell commands (see {@link ResourceLimitsSchema}). */
export type ResourceLimits = z.infer<typeof ResourceLimitsSchema>;

/** Names a command may have in the allow-list: a bare program name, never a path. */
export const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

/**
 * The shell tool's policy: which programs may run (argv, never a shell), with which arguments, where, for how
 * long, with how much output, and with which environment. Secrets for the commands come from the server's own
 * environment (`env.pass`), never from the model's arguments.
 */
export const ShellPolicySchema = z.object({
  /** Allowed commands by name. */
  commands: z.record(z.string().regex(COMMAND_NAME), CommandRuleSchema),
  /** Directories searched (in order) for commands without a `path`. Default `/usr/bin`, `/bin`. */
  searchPath: z.array(z.string().startsWith('/')).default(['/usr/bin', '/bin']),
  /** Working directories must be inside one of these (after resolving symlinks). */
  allowedCwdRoots: z.array(z.string().startsWith('/')).min(1),
  /** Working directory when the call gives none. Default: the first root. */
  defaultCwd: z.string().startsWith('/').optional(),
  /** Default timeout in milliseconds. */
  timeoutMs: z.number().int().positive().default(10_000),
  /** Largest timeout a call may ask for. */
  maxTimeoutMs: z.number().int().positive().default(120_000),
  /** Bytes kept of stdout and of stderr each; the process is killed once it writes four times that. */
  outputLimitBytes: z
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** Most arguments per call. */
  maxArgs: z.number().int().positive().default(64),
  /** Longest single argument, in characters. */
  maxArgLength: z.number().int().positive().default(4096),
  /**
   * How programs are confined. `auto` (default): under bubblewrap when it is installed, else directly; `bwrap`:
   * always under bubblewrap (compiling the policy fails when it is missing); `none`: directly. Under bubblewrap a
   * program sees `/usr` and the allowed roots read-only, a `/proc` with only its own processes, and no network.
   * Path arguments are checked against the roots in every mode.
   */
  sandbox: z.enum(['auto', 'bwrap', 'none']).default('auto'),
  /** Memory, process, CPU and file-size ceilings of every command (see {@link ResourceLimitsSchema}). */
  limits: ResourceLimitsSchema.default({ ...DEFAULT_RESOURCE_LIMITS }),
  env: z
    .object({
      /** Names of variables copied from the server's environment (e.g. `LANG`, or a token a command needs). */
      pass: z.array(z.string()).default(['LANG', 'LC_ALL', 'TZ']),
      /** Variables set to fixed values. */
      set: z.record(z.string(), z.string()).default({}),
    })
    .default({ pass: ['LANG', 'LC_ALL', 'TZ'], set: {} }),
});
/** The shell tool's policy with its defaults applied (see {@link ShellPolicySchema}). */
export type ShellPolicy = z.infer<typeof ShellPolicySchema>;
/** A policy as written (defaults not yet applied). */
export type ShellPolicyInput = z.input<typeof ShellPolicySchema>;
