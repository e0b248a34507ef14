import { ShellRefusedError } from '../errors.js';
import type { ArgumentRule } from './shell-policy.js';

function refuse(command: string, why: string): never {
  throw new ShellRefusedError(`refused ${command}: ${why}`);
}

/** Whether a long option (`--name` or `--name=value`) is, or abbreviates, a denied long option. */
function deniedLong(name: string, deny: readonly string[], allowAbbreviation: boolean): string | undefined {
  for (const d of deny) {
    if (d === name) return d;
    if (allowAbbreviation && d.startsWith('--') && name.startsWith('--') && name.length >= 3 && d.startsWith(name)) return d;
  }
  return undefined;
}

/**
 * Refuses `--name=value` unless `--name` (or the one option it abbreviates) is a known value option of the rule:
 * an attached value the checker does not understand might name a file in a way the path check cannot see.
 */
function checkAttachedValue(command: string, rule: ArgumentRule, name: string): void {
  const known = Object.keys(rule.values);
  if (known.includes(name)) return;
  const abbreviates = known.filter((option) => option.startsWith(name));
  if (name.length >= 3 && abbreviates.length === 1) return;
  refuse(
    command,
    `option ${JSON.stringify(name)} with an attached value is not understood by the checker${known.length ? ` (options with values: ${known.join(' ')})` : ''}; it is refused rather than passed`,
  );
}

/**
 * Checks a command's arguments against its rule; throws {@link ShellRefusedError} naming the offending argument.
 * Options are recognised as getopt does (clusters `-rn`, `--name=value`, abbreviations, `--` ends options), or
 * as `find` does with `singleDashLong`.
 */
export function checkArguments(command: string, rule: ArgumentRule, args: readonly string[]): void {
  if (rule.exact) {
    const ok = rule.exact.some((allowed) => allowed.length === args.length && allowed.every((a, i) => a === args[i]));
    if (!ok) refuse(command, `only ${rule.exact.map((e) => JSON.stringify([command, ...e].join(' '))).join(' or ')} is allowed`);
    return;
  }
  const shortDenied = new Set(rule.deny.filter((d) => /^-[^-]$/.test(d)).map((d) => d[1]!));
  let positional = 0;
  let optionsEnded = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const isOption = !optionsEnded && arg.startsWith('-') && arg !== '-';
    if (!isOption) {
      positional += 1;
      if (rule.maxPositional !== undefined && positional > rule.maxPositional) {
        refuse(command, `at most ${rule.maxPositional} non-option argument(s) allowed (got ${JSON.stringify(arg)})`);
      }
      continue;
    }
    if (arg === '--' && !rule.singleDashLong) {
      optionsEnded = true;
      continue;
    }
    if (arg.startsWith('--') || rule.singleDashLong) {
      const name = arg.includes('=') && !rule.singleDashLong ? arg.slice(0, arg.indexOf('=')) : arg;
      const denied = deniedLong(name, rule.deny, !rule.singleDashLong);
      if (denied) refuse(command, `option ${JSON.stringify(arg)} is not allowed${denied !== name ? ` (it abbreviates ${denied})` : ''}`);
      if (rule.singleDashLong && !arg.startsWith('--') && arg.length === 2 && shortDenied.has(arg[1]!)) refuse(command, `option ${arg} is not allowed`);
      if (rule.mode === 'listed') {
        const kind = rule.options[name];
        if (!kind) refuse(command, `option ${JSON.stringify(name)} is not allowed (allowed: ${Object.keys(rule.options).join(' ') || 'none'})`);
        if (kind === 'value' && !arg.includes('=')) {
          if (i + 1 >= args.length) refuse(command, `option ${name} needs a value`);
          i += 1;
        }
      } else if (!rule.singleDashLong && arg.includes('=') && rule.unknownValues === 'refuse') {
        checkAttachedValue(command, rule, name);
      }
      continue;
    }
    // a cluster of short options: -rn, -k2, -oFILE
    const letters = arg.slice(1);
    for (let j = 0; j < letters.length; j += 1) {
      const letter = letters[j]!;
      if (shortDenied.has(letter)) refuse(command, `option -${letter} (in ${JSON.stringify(arg)}) is not allowed`);
      if (rule.mode === 'listed') {
        const kind = rule.options[`-${letter}`];
        if (!kind) refuse(command, `option -${letter} is not allowed (allowed: ${Object.keys(rule.options).join(' ') || 'none'})`);
        if (kind === 'value') {
          if (j === letters.length - 1) {
            if (i + 1 >= args.length) refuse(command, `option -${letter} needs a value`);
            i += 1;
          }
          break;
        }
      }
    }
  }
}
