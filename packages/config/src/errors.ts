import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/config` throws (`EMBEDDING_FAILED`: the embeddings endpoint failed). */
export type ConfigErrorCode = 'CONFIG_INVALID' | 'EMBEDDING_FAILED';

/** One problem in a configuration: where it is and what was expected. */
export interface ConfigProblem {
  /** The file that holds the value (or `(defaults)`, `(environment)`). */
  file: string;
  /** 1-based line and column of the value in the file, when known. */
  line?: number;
  column?: number;
  /** Dotted key path, e.g. `session.maxSteps`. */
  path: string;
  /** What is wrong and what was expected. */
  message: string;
}

/** Formats a problem as `file:line:col  path: message`. */
export function formatProblem(problem: ConfigProblem): string {
  const where = problem.line ? `${problem.file}:${problem.line}:${problem.column ?? 1}` : problem.file;
  return `${where}  ${problem.path || '(top level)'}: ${problem.message}`;
}

/** The configuration cannot be read or is invalid (`CONFIG_INVALID`); `problems` lists every issue found. */
export class ConfigError extends UfoError<ConfigErrorCode> {
  readonly problems: ConfigProblem[];

  constructor(problems: ConfigProblem[], options: UfoErrorOptions = {}) {
    const n = problems.length;
    super('CONFIG_INVALID', `Invalid configuration (${n} problem${n === 1 ? '' : 's'}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`, {
      ...options,
      details: { problems },
    });
    this.problems = problems;
  }
}
