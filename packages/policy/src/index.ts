/**
 * `@ufo-ts/policy`: policies as data for what an agent may do — rules on the tool, its arguments, the target
 * control, the app or window and the kind of action decide `allow`, `confirm` or `deny` with a reason — and
 * guardrails on model requests and replies. The dispatcher wrapper that enforces a policy on every command lives
 * in `@ufo-ts/dispatchers` (`withPolicy`).
 */
export {
  PolicySchema,
  PolicyRuleSchema,
  RuleMatchSchema,
  TextPatternSchema,
  TextPatternsSchema,
  ArgumentConditionSchema,
  TargetConditionSchema,
  AppConditionSchema,
  ActionKindSchema,
  PolicyDecisionKindSchema,
  PolicyVerdictSchema,
} from './schema.js';
export type {
  Policy,
  PolicyInput,
  PolicyRule,
  PolicyRuleInput,
  RuleMatch,
  TextPattern,
  TextPatterns,
  ArgumentCondition,
  TargetCondition,
  AppCondition,
  ActionKind,
  PolicyDecisionKind,
  PolicyVerdict,
} from './schema.js';
export type { ActionFacts, ControlFacts, AppFacts } from './facts.js';
export { CompiledPolicy, compilePolicy } from './evaluate.js';
export { classifyAction, actionKinds, KIND_BIT } from './action-kinds.js';
export type { ClassifiedKinds } from './action-kinds.js';
export { globToRegExp, normalisePath, isUnder } from './patterns.js';
export { TargetTracker } from './target-tracker.js';
export { withGuardrails } from './guardrails.js';
export type { InputGuardrail, OutputGuardrail, GuardrailVerdict, GuardrailOptions, GuardrailRewrite } from './guardrails.js';
export { PolicyError, PolicyInvalidError, GuardrailBlockedError } from './errors.js';
export type { PolicyErrorCode } from './errors.js';
