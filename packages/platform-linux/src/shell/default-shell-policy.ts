import { tmpdir } from 'node:os';
import { ShellPolicySchema, type ShellPolicy, type ShellPolicyInput } from './shell-policy.js';

/** Predicates and options of `find` that only read (no -exec, -execdir, -ok, -okdir, -delete, -fprint*, -fls). */
const FIND_OPTIONS: Record<string, 'flag' | 'value'> = {
  '-H': 'flag',
  '-L': 'flag',
  '-P': 'flag',
  '-name': 'value',
  '-iname': 'value',
  '-path': 'value',
  '-ipath': 'value',
  '-wholename': 'value',
  '-iwholename': 'value',
  '-regex': 'value',
  '-iregex': 'value',
  '-type': 'value',
  '-xtype': 'value',
  '-size': 'value',
  '-perm': 'value',
  '-user': 'value',
  '-group': 'value',
  '-uid': 'value',
  '-gid': 'value',
  '-links': 'value',
  '-inum': 'value',
  '-mtime': 'value',
  '-mmin': 'value',
  '-atime': 'value',
  '-amin': 'value',
  '-ctime': 'value',
  '-cmin': 'value',
  '-newer': 'value',
  '-samefile': 'value',
  '-maxdepth': 'value',
  '-mindepth': 'value',
  '-printf': 'value',
  '-empty': 'flag',
  '-readable': 'flag',
  '-writable': 'flag',
  '-executable': 'flag',
  '-nouser': 'flag',
  '-nogroup': 'flag',
  '-print': 'flag',
  '-print0': 'flag',
  '-ls': 'flag',
  '-prune': 'flag',
  '-quit': 'flag',
  '-depth': 'flag',
  '-xdev': 'flag',
  '-mount': 'flag',
  '-follow': 'flag',
  '-noleaf': 'flag',
  '-true': 'flag',
  '-false': 'flag',
  '-not': 'flag',
  '-a': 'flag',
  '-and': 'flag',
  '-o': 'flag',
  '-or': 'flag',
};

/** Marks long options as taking a `text` value (not a file). */
function text(...options: string[]): Record<string, 'text'> {
  return Object.fromEntries(options.map((option) => [option, 'text' as const]));
}

/**
 * The default allow-list: read-only inspection commands, with the bypasses of the original closed (no
 * `python -c`, no `sort --compress-program`/`-o`, no `find -exec/-delete`, no `date --set`, no `hostname NAME`,
 * no `uniq IN OUT`, no `tail -f`, no `ps e`). Network tools are left out. Every path argument must lie inside
 * the allowed roots (see `checkPathArguments`), whatever the command. Each command lists its long options that
 * take a value (`values`): `--name=value` for any other option is refused, and options that read file names from
 * a file (`--files0-from`, `file -f`, `md5sum -c`) are refused outright.
 */
export const DEFAULT_SHELL_COMMANDS: ShellPolicyInput['commands'] = {
  cal: {},
  cat: {},
  dirname: {},
  echo: {},
  free: {},
  id: {},
  md5sum: {},
  sha256sum: {},
  pwd: {},
  tr: {},
  uname: {},
  uptime: {},
  whereis: {},
  which: {},
  whoami: {},
  basename: { args: { values: { '--suffix': 'text' } } },
  cut: { args: { values: text('--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter') } },
  df: { args: { values: text('--block-size', '--exclude-type', '--output', '--type') } },
  // -r follows symbolic links met while recursing, out of the roots
  diff: {
    args: {
      deny: ['-r', '--recursive'],
      values: {
        ...text(
          '--color',
          '--context',
          '--unified',
          '--exclude',
          '--horizon-lines',
          '--ifdef',
          '--ignore-matching-lines',
          '--line-format',
          '--palette',
          '--show-function-line',
          '--tabsize',
          '--width',
          '--label',
        ),
        ...text(
          '--old-line-format',
          '--new-line-format',
          '--unchanged-line-format',
          '--old-group-format',
          '--new-group-format',
          '--unchanged-group-format',
          '--changed-group-format',
        ),
        '--from-file': 'path',
        '--to-file': 'path',
        '--exclude-from': 'path',
        '--starting-file': 'path',
      },
    },
  },
  du: {
    args: {
      values: {
        ...text('--block-size', '--exclude', '--max-depth', '--threshold', '--time-style', '--time'),
        '--exclude-from': 'path',
        '--files0-from': 'file-list',
      },
    },
  },
  // -R follows every symbolic link met while recursing, out of the roots (-r follows only those named)
  grep: {
    args: {
      deny: ['-R', '--dereference-recursive'],
      values: {
        ...text('--after-context', '--before-context', '--context', '--binary-files', '--color', '--colour', '--devices', '--directories'),
        ...text('--exclude-dir', '--exclude', '--include', '--group-separator', '--label', '--max-count', '--regexp'),
        '--file': 'path',
        '--exclude-from': 'path',
      },
    },
  },
  head: { args: { values: text('--bytes', '--lines') } },
  ls: {
    args: {
      values: text(
        '--block-size',
        '--classify',
        '--color',
        '--format',
        '--hide',
        '--hyperlink',
        '--ignore',
        '--indicator-style',
        '--quoting-style',
        '--sort',
        '--tabsize',
        '--time-style',
        '--time',
        '--width',
      ),
    },
  },
  realpath: { args: { values: { '--relative-base': 'path', '--relative-to': 'path' } } },
  stat: { args: { values: text('--cached', '--format', '--printf') } },
  wc: { args: { values: { '--files0-from': 'file-list' } } },
  date: { args: { deny: ['-s', '--set'], values: { ...text('--date', '--iso-8601', '--rfc-3339'), '--file': 'path', '--reference': 'path' } } },
  // -m takes a colon-separated list of magic files, which the path check cannot read as one path; -S turns off file's own sandbox
  file: {
    args: {
      deny: ['-C', '--compile', '-m', '--magic-file', '-S', '--no-sandbox'],
      values: { ...text('--separator', '--exclude', '--exclude-quiet', '--parameter'), '--files-from': 'file-list' },
    },
  },
  tail: { args: { deny: ['-f', '-F', '--follow', '--retry'], values: text('--bytes', '--lines', '--max-unchanged-stats', '--pid', '--sleep-interval') } },
  uniq: { args: { maxPositional: 1, values: text('--all-repeated', '--check-chars', '--group', '--skip-chars', '--skip-fields') } },
  sort: {
    args: {
      deny: ['--compress-program', '-o', '--output', '-T', '--temporary-directory'],
      values: {
        ...text('--batch-size', '--buffer-size', '--check', '--field-separator', '--key', '--parallel', '--sort'),
        '--random-source': 'path',
        '--files0-from': 'file-list',
      },
    },
  },
  find: { args: { mode: 'listed', singleDashLong: true, options: FIND_OPTIONS } },
  hostname: {
    args: {
      mode: 'listed',
      maxPositional: 0,
      options: {
        '-f': 'flag',
        '-s': 'flag',
        '-i': 'flag',
        '-I': 'flag',
        '-d': 'flag',
        '-A': 'flag',
        '--fqdn': 'flag',
        '--short': 'flag',
        '--domain': 'flag',
        '--ip-address': 'flag',
        '--all-ip-addresses': 'flag',
      },
    },
  },
  // no BSD-style words (`ps eww` prints environments) and no output formats: listing processes, never their environment
  ps: {
    args: {
      mode: 'listed',
      maxPositional: 0,
      options: {
        '-e': 'flag',
        '-A': 'flag',
        '-a': 'flag',
        '-d': 'flag',
        '-f': 'flag',
        '-F': 'flag',
        '-l': 'flag',
        '-H': 'flag',
        '-j': 'flag',
        '-w': 'flag',
        '--forest': 'flag',
        '--no-headers': 'flag',
        '-p': 'value',
        '--pid': 'value',
        '-u': 'value',
        '--user': 'value',
        '-C': 'value',
        '--sort': 'value',
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
