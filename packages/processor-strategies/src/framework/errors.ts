import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/processor-strategies` throws. */
export type StrategyErrorCode =
  | 'STRATEGY_DEPENDENCY_MISSING'
  | 'STRATEGY_PROVIDES_MISSING'
  | 'STEP_VALUE_INVALID'
  | 'STRATEGY_FAILED'
  | 'STEP_STATUS_UNKNOWN'
  | 'MODEL_REPLY_INVALID'
  | 'MODEL_REFUSED';

/** A strategy chain whose dependencies cannot be satisfied (thrown when the processor is built or at run time). */
export class StrategyDependencyError extends UfoError<StrategyErrorCode> {
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
export class StrategyProvidesError extends UfoError<StrategyErrorCode> {
  constructor(
    readonly strategy: string,
    readonly keys: string[],
  ) {
    super('STRATEGY_PROVIDES_MISSING', `Strategy "${strategy}" declared but did not provide: ${keys.join(', ')}`);
  }
}

/**
 * A strategy provided a value that does not match its step key's schema (code `STEP_VALUE_INVALID`). `issues` says
 * what is wrong, one line per problem; the step fails as when a provided key is missing.
 *
 * @example
 * ```ts
 * if (error instanceof StepValueError) console.error(`${error.strategy} wrote a bad ${error.key}: ${error.issues.join('; ')}`);
 * ```
 */
export class StepValueError extends UfoError<StrategyErrorCode> {
  constructor(
    readonly strategy: string,
    readonly key: string,
    readonly issues: readonly string[],
  ) {
    super('STEP_VALUE_INVALID', `Strategy "${strategy}" provided a "${key}" that does not match its schema: ${issues.join('; ')}`, {
      details: { strategy, key, issues: [...issues] },
    });
  }
}

/** A strategy failed; carries the phase and the original error as `cause`. */
export class StrategyFailedError extends UfoError<StrategyErrorCode> {
  constructor(
    readonly strategy: string,
    readonly phase: string,
    options: UfoErrorOptions,
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super('STRATEGY_FAILED', `Strategy "${strategy}" failed in ${phase}: ${reason}`, options);
  }
}

/**
 * A step produced a status its agent's state table has no state for (a custom strategy's status, or a reply the
 * schema let through): the step ends in ERROR instead of logging the unknown status as if it were fine.
 */
export class StepStatusError extends UfoError<StrategyErrorCode> {
  constructor(
    readonly agentKind: string,
    readonly status: string,
    readonly allowed: readonly string[],
  ) {
    super('STEP_STATUS_UNKNOWN', `status: "${status}" is not one of ${allowed.join(', ')} (the states of ${agentKind})`, {
      details: { field: 'status', value: status, allowed: [...allowed] },
    });
  }
}

/**
 * A native tool-mode reply that could not be read as a reply, after the re-asks: no tool call, an unknown tool,
 * several `respond` calls, several actions for an agent that runs one, or arguments the reply schema rejects.
 * `issues` names each problem.
 *
 * @example
 * ```ts
 * if (error instanceof ToolReplyError) console.error(error.issues.join('\n'));
 * ```
 */
export class ToolReplyError extends UfoError<StrategyErrorCode> {
  /** What the attempts cost together in USD (`null` when a price is unknown), counted in the step's cost. */
  readonly cost: number | null;

  constructor(
    readonly issues: readonly string[],
    readonly attempts: number,
    options: UfoErrorOptions & { cost?: number | null } = {},
  ) {
    const { cost, ...rest } = options;
    super('MODEL_REPLY_INVALID', `The model's tool calls do not make a reply (after ${attempts} attempt${attempts === 1 ? '' : 's'}): ${issues.join('; ')}`, {
      ...rest,
      details: { issues: [...issues], attempts },
    });
    this.cost = cost ?? null;
  }
}

/** Options of {@link RefusedReplyError}. */
export interface RefusedReplyErrorOptions extends UfoErrorOptions {
  /** What the refused call cost in USD (`null` when its price is unknown), counted in the step's cost. */
  cost?: number | null;
}

/**
 * The model refused to answer (a reply with `refusal` set, or `finishReason: 'refusal'`; see {@link refusalOf}).
 * Code `MODEL_REFUSED`; the message and `details.refusal` carry the model's text. The step ends in ERROR at once:
 * a refusal is never re-asked.
 *
 * @example
 * ```ts
 * const refusal = refusalOf(reply);
 * if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost: reply.cost });
 * ```
 */
export class RefusedReplyError extends UfoError<StrategyErrorCode> {
  /** What the refused call cost in USD, or `null` when unknown. */
  readonly cost: number | null;

  constructor(
    readonly refusal: string,
    options: RefusedReplyErrorOptions = {},
  ) {
    const { cost, ...rest } = options;
    super('MODEL_REFUSED', `The model refused to answer: ${refusal}`, { ...rest, details: { ...rest.details, refusal } });
    this.cost = cost ?? null;
  }
}
