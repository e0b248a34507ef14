import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What {@link parseOptions} returns: the parsed option values. */
export type ParsedOptions<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>>;

/** `node:util` parseArgs with strict options, turning its errors into {@link CliUsageError}. */
export function parseOptions<T extends Options>(args: string[], options: T): ParsedOptions<T> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new CliUsageError((error as Error).message, { cause: error });
  }
}

/** Parses a positive integer option, or returns the fallback when absent. */
export function intOption(value: string | undefined, name: string, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new CliUsageError(`--${name} must be a non-negative integer, not "${value}"`);
  return parsed;
}

/** Returns the value or throws a usage error naming the option. */
export function required(value: string | undefined, name: string, hint = ''): string {
  if (value === undefined || value === '') throw new CliUsageError(`--${name} is required${hint ? `: ${hint}` : ''}`);
  return value;
}
