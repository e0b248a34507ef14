import { tmpdir } from 'node:os';
import { ShellPolicySchema, type ShellPolicy, type ShellPolicyInput } from './shell-policy.js';

/** Predicates and options of `find` that only read (no -exec, -execdir, -ok, -okdir, -delete, -fprint*, -fls). */
const FIND_OPTIONS: Record<string, 'flag' | 'value'> = {
  '-H': 'flag', '-L': 'flag', '-P': 'flag',
  '-name': 'value', '-iname': 'value', '-path': 'value', '-ipath': 'value', '-wholename': 'value', '-iwholename': 'value',
  '-regex': 'value', '-iregex': 'value', '-type': 'value', '-xtype': 'value', '-size': 'value', '-perm': 'value',
  '-user': 'value', '-group': 'value', '-uid': 'value', '-gid': 'value', '-links': 'value', '-inum': 'value',
  '-mtime': 'value', '-mmin': 'value', '-atime': 'value', '-amin': 'value', '-ctime': 'value', '-cmin': 'value',
  '-newer': 'value', '-samefile': 'value', '-maxdepth': 'value', '-mindepth': 'value', '-printf': 'value',
  '-empty': 'flag', '-readable': 'flag', '-writable': 'flag', '-executable': 'flag', '-nouser': 'flag', '-nogroup': 'flag',
  '-print': 'flag', '-print0': 'flag', '-ls': 'flag', '-prune': 'flag', '-quit': 'flag', '-depth': 'flag',
  '-xdev': 'flag', '-mount': 'flag', '-follow': 'flag', '-noleaf': 'flag', '-true': 'flag', '-false': 'flag',
  '-not': 'flag', '-a': 'flag', '-and': 'flag', '-o': 'flag', '-or': 'flag',
};

/**
 * The default allow-list: read-only inspection commands, with the bypasses of the original closed (no
 * `python -c`, no `sort --compress-program`/`-o`, no `find -exec/-delete`, no `date --set`, no `hostname NAME`,
 * no `uniq IN OUT`, no `tail -f`, no `ps e`). Network tools are left out. Every path argument must lie inside
 * the allowed roots (see `checkPathArguments`), whatever the command.
 */
export const DEFAULT_SHELL_COMMANDS: ShellPolicyInput['commands'] = {
  cal: {}, cat: {}, cut: {}, df: {}, diff: {}, dirname: {}, basename: {}, du: {}, echo: {}, free: {}, grep: {},
  head: {}, id: {}, ls: {}, md5sum: {}, sha256sum: {}, pwd: {}, realpath: {}, stat: {}, tr: {},
  uname: {}, uptime: {}, wc: {}, whereis: {}, which: {}, whoami: {},
  date: { args: { deny: ['-s', '--set'] } },
  file: { args: { deny: ['-C', '--compile'] } },
  tail: { args: { deny: ['-f', '-F', '--follow', '--retry'] } },
  uniq: { args: { maxPositional: 1 } },
  sort: { args: { deny: ['--compress-program', '-o', '--output', '-T', '--temporary-directory'] } },
  find: { args: { mode: 'listed', singleDashLong: true, options: FIND_OPTIONS } },
  hostname: {
    args: {
      mode: 'listed',
      maxPositional: 0,
      options: { '-f': 'flag', '-s': 'flag', '-i': 'flag', '-I': 'flag', '-d': 'flag', '-A': 'flag', '--fqdn': 'flag', '--short': 'flag', '--domain': 'flag', '--ip-address': 'flag', '--all-ip-addresses': 'flag' },
    },
  },
  // no BSD-style words (`ps eww` prints environments) and no output formats: listing processes, never their environment
  ps: {
    args: {
      mode: 'listed',
      maxPositional: 0,
      options: {
        '-e': 'flag', '-A': 'flag', '-a': 'flag', '-d': 'flag', '-f': 'flag', '-F': 'flag', '-l': 'flag', '-H': 'flag', '-j': 'flag', '-w': 'flag',
        '--forest': 'flag', '--no-headers': 'flag', '-p': 'value', '--pid': 'value', '-u': 'value', '--user': 'value', '-C': 'value', '--sort': 'value',
      },
    },
    description: 'process listings (no environments)',
  },
  python3: { args: { exact: [['--version'], ['-V']] }, description: 'only python3 --version' },
};

/** Options of {@link createDefaultShellPolicy}. */
export interface DefaultShellPolicyOptions {
  /** Working directories allowed. Default: the system temp directory. */
  allowedCwdRoots?: string[];
  /** Extra or replaced policy fields. */
  overrides?: Partial<ShellPolicyInput>;
}

/** The default policy (see {@link DEFAULT_SHELL_COMMANDS}), validated. */
export function createDefaultShellPolicy(options: DefaultShellPolicyOptions = {}): ShellPolicy {
  return ShellPolicySchema.parse({
    commands: DEFAULT_SHELL_COMMANDS,
    allowedCwdRoots: options.allowedCwdRoots ?? [tmpdir()],
    ...options.overrides,
  });
}
