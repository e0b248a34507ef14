import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/**
 * Codes of the errors and refusals of `@ufo-ts/policy`: a policy document that does not parse (`POLICY_INVALID`),
 * a command a rule denied (`POLICY_DENIED`), a command a person did not approve (`POLICY_REJECTED`, also when no
 * one could be asked), and a model request or reply a guardrail stopped (`GUARDRAIL_BLOCKED`).
 */
export type PolicyErrorCode = 'POLICY_INVALID' | 'POLICY_DENIED' | 'POLICY_REJECTED' | 'GUARDRAIL_BLOCKED';

/**
 * Base class of the errors of `@ufo-ts/policy`.
 *
 * @example
 * ```ts
 * try {
 *   compilePolicy(parsePolicyYaml(text));
 * } catch (error) {
 *   if (error instanceof PolicyError && error.code === 'POLICY_INVALID') console.error(error.message);
 * }
 * ```
 */
export class PolicyError extends UfoError<PolicyErrorCode> {
  declare readonly code: PolicyErrorCode;
  constructor(code: PolicyErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/**
 * A policy document (YAML or an object) that does not match the schema, or a pattern that does not compile. The
 * message names the key. Code `POLICY_INVALID`.
 *
 * @example
 * ```ts
 * throw new PolicyInvalidError('rules[2].match.tool: invalid regular expression "(", Unterminated group');
 * ```
 */
export class PolicyInvalidError extends PolicyError {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('POLICY_INVALID', message, options);
  }
}

/**
 * A guardrail blocked a model request (before the call) or a model reply (before any action ran). Code
 * `GUARDRAIL_BLOCKED`; `details` holds the guardrail's name, the stage and its reason.
 *
 * @example
 * ```ts
 * throw new GuardrailBlockedError('no-secrets', 'input', 'the request contains an API key');
 * ```
 */
export class GuardrailBlockedError extends PolicyError {
  /** The guardrail that blocked. */
  readonly guardrail: string;
  /** `input` (the request) or `output` (the reply). */
  readonly stage: 'input' | 'output';
  /** Why, as the guardrail said. */
  readonly reason: string;
  constructor(guardrail: string, stage: 'input' | 'output', reason: string, options: UfoErrorOptions = {}) {
    super('GUARDRAIL_BLOCKED', `guardrail "${guardrail}" blocked the model ${stage === 'input' ? 'request' : 'reply'}: ${reason}`, {
      ...options,
      details: { ...options.details, guardrail, stage, reason },
    });
    this.guardrail = guardrail;
    this.stage = stage;
    this.reason = reason;
  }
}
