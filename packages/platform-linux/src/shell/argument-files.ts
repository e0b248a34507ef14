import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { ShellRefusedError } from '../errors.js';
import type { ArgumentRule } from './shell-policy.js';

/**
 * Options whose value is a file the program reads further file names from (or a program it runs), per program.
 * The path check sees only the list file, never the names inside it, and the list could change between the check
 * and the read, so these are refused whatever the policy says: `sort --files0-from=list` with `/etc/shadow` in
 * `list` would otherwise read outside the roots.
 */
export const ARGUMENT_FILE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  sort: ['--files0-from'],
  wc: ['--files0-from'],
  du: ['--files0-from'],
  file: ['-f', '--files-from'],
  md5sum: ['-c', '--check'],
  sha1sum: ['-c', '--check'],
  sha224sum: ['-c', '--check'],
  sha256sum: ['-c', '--check'],
  sha384sum: ['-c', '--check'],
  sha512sum: ['-c', '--check'],
  b2sum: ['-c', '--check'],
  cksum: ['-c', '--check'],
  tar: [
    '-T',
    '--files-from',
    '-I',
    '--use-compress-program',
    '-F',
    '--info-script',
    '--new-volume-script',
    '--to-command',
    '--checkpoint-action',
    '--rsh-command',
    '--rmt-command',
  ],
  xargs: ['-a', '--arg-file'],
  rsync: ['--files-from'],
  zip: ['-@', '--names-stdin'],
};

/** Programs that read extra arguments from `@file` response files (the file's words are never checked). */
export const RESPONSE_FILE_PROGRAMS: ReadonlySet<string> = new Set([
  'gcc',
  'g++',
  'cc',
  'c++',
  'cpp',
  'clang',
  'clang++',
  'ld',
  'as',
  'ar',
  'nm',
  'objdump',
  'objcopy',
  'readelf',
  'size',
  'strings',
  'strip',
  'javac',
  'java',
  'jar',
]);

/** The built-in argument-file options of a command (by its allow-list name and its program's file name). */
function argumentFileOptions(name: string, programPath: string): string[] {
  return [...new Set([...(ARGUMENT_FILE_OPTIONS[name] ?? []), ...(ARGUMENT_FILE_OPTIONS[basename(programPath)] ?? [])])];
}

/**
 * The rule to check a command with: its own, plus the built-in argument-file options of the program as denied
 * options (so abbreviations `--files0=x`, clusters `-bc` and the separate-value form `--files0-from list` are all
 * caught by the same getopt-like reading), plus every option the rule marks as a `file-list` value.
 */
export function withArgumentFileDenials(name: string, programPath: string, rule: ArgumentRule): ArgumentRule {
  const fileLists = Object.entries(rule.values)
    .filter(([, kind]) => kind === 'file-list')
    .map(([option]) => option);
  const extra = [...argumentFileOptions(name, programPath), ...fileLists].filter((option) => !rule.deny.includes(option));
  if (extra.length === 0) return rule;
  const options = rule.mode === 'listed' ? Object.fromEntries(Object.entries(rule.options).filter(([option]) => !extra.includes(option))) : rule.options;
  return { ...rule, deny: [...rule.deny, ...extra], options };
}

/**
 * Refuses `@file` arguments of programs that expand response files: the words inside the file would reach the
 * program unchecked.
 * @throws ShellRefusedError naming the argument.
 */
export function checkResponseFiles(name: string, programPath: string, args: readonly string[]): void {
  if (!RESPONSE_FILE_PROGRAMS.has(name) && !RESPONSE_FILE_PROGRAMS.has(basename(programPath))) return;
  const at = args.find((arg) => arg.startsWith('@') && arg.length > 1);
  if (at) throw new ShellRefusedError(`refused ${name}: ${JSON.stringify(at)} is a response file, whose contents the shell tool cannot check`);
}

/**
 * Refuses tar's old-style first word (`tar cTf list out.tar`): its letters are options that the getopt-like check
 * does not read. Give options with dashes (`tar -c -f out.tar`).
 * @throws ShellRefusedError naming the word.
 */
export function checkOldStyleOptions(name: string, programPath: string, args: readonly string[]): void {
  if (name !== 'tar' && basename(programPath) !== 'tar') return;
  const first = args[0];
  if (first !== undefined && !first.startsWith('-'))
    throw new ShellRefusedError(`refused ${name}: old-style options ${JSON.stringify(first)} are not checked; write them with dashes (-c -f FILE)`);
}

/**
 * Programs that, given a directory, open files inside it by name and follow symbolic links there: `diff a dir`
 * compares `a` with `dir/a`, `diff dir1 dir2` every common name, even without `-r`. A link in the root leading
 * out would be read, so these programs take files only.
 */
export const DIRECTORY_FOLLOWING_PROGRAMS: ReadonlySet<string> = new Set(['diff', 'diff3', 'cmp', 'sdiff']);

/**
 * Refuses a directory operand (or option value, `--to-file=dir`) of a program in {@link DIRECTORY_FOLLOWING_PROGRAMS}.
 * @throws ShellRefusedError naming the argument.
 */
export function checkDirectoryOperands(name: string, programPath: string, args: readonly string[], cwd: string): void {
  if (!DIRECTORY_FOLLOWING_PROGRAMS.has(name) && !DIRECTORY_FOLLOWING_PROGRAMS.has(basename(programPath))) return;
  for (const arg of args) {
    const value = arg.startsWith('--') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (value === '' || (value.startsWith('-') && value === arg)) continue;
    let directory = false;
    try {
      directory = statSync(resolve(cwd, value)).isDirectory();
    } catch {
      directory = false;
    }
    if (directory)
      throw new ShellRefusedError(
        `refused ${name}: ${JSON.stringify(arg)} is a directory; ${name} would open the files inside it by name and follow symbolic links there out of the roots, so give files`,
      );
  }
}
