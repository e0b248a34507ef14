import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** A strategy chain whose dependencies cannot be satisfied (thrown when the processor is built or at run time). */
export class StrategyDependencyError extends UfoError {
  constructor(
    readonly strategy: string,
    readonly key: string,
    message: string,
    options?: UfoErrorOptions,
  ) {
    super('STRATEGY_DEPENDENCY_MISSING', message, options);
  }
}

/** A strategy that did not provide a key it declared. */
export class StrategyProvidesError extends UfoError {
  constructor(
    readonly strategy: string,
    readonly keys: string[],
  ) {
    super('STRATEGY_PROVIDES_MISSING', `Strategy "${strategy}" declared but did not provide: ${keys.join(', ')}`);
  }
}

/** A strategy failed; carries the phase and the original error as `cause`. */
export class StrategyFailedError extends UfoError {
  constructor(
    readonly strategy: string,
    readonly phase: string,
    options: UfoErrorOptions,
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super('STRATEGY_FAILED', `Strategy "${strategy}" failed in ${phase}: ${reason}`, options);
  }
}
