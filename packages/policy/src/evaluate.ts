import { classifyAction, KIND_BIT, type ClassifiedKinds } from './action-kinds.js';
import { PolicyInvalidError } from './errors.js';
import type { ActionFacts } from './facts.js';
import { compilePatterns, isUnder, type TextTest } from './patterns.js';
import {
  PolicySchema,
  type ActionKind,
  type ArgumentCondition,
  type Policy,
  type PolicyDecisionKind,
  type PolicyInput,
  type PolicyRule,
  type PolicyVerdict,
} from './schema.js';

/** Three-valued truth: the condition holds, does not, or depends on a fact that is not known. */
const YES = 2;
const MAYBE = 1;
const NO = 0;
type Truth = 0 | 1 | 2;

type Check = (facts: ActionFacts, kinds: () => ClassifiedKinds) => Truth;

function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const truth = (b: boolean): Truth => (b ? YES : NO);

/** A path that does not say where it starts (`notes/../x`, not `/…`, `C:\\…` or `~/…`): its folder is not known. */
const RELATIVE = /^(?![\\/]|[A-Za-z]:[\\/]|~)/;

function compileCondition(condition: ArgumentCondition, where: string): (value: unknown) => Truth {
  if (typeof condition === 'object' && !Array.isArray(condition)) {
    if ('under' in condition) {
      const folders = Array.isArray(condition.under) ? condition.under : [condition.under];
      return (value) => {
        if (typeof value !== 'string' || value === '') return NO;
        if (folders.some((f) => isUnder(value, f))) return YES;
        return RELATIVE.test(value) ? MAYBE : NO;
      };
    }
    if ('present' in condition) {
      const want = condition.present;
      return (value) => truth((value !== undefined && value !== null && value !== '') === want);
    }
    if ('min' in condition || 'max' in condition) {
      const { min, max } = condition as { min?: number; max?: number };
      return (value) => {
        const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
        return truth(Number.isFinite(n) && (min === undefined || n >= min) && (max === undefined || n <= max));
      };
    }
  }
  const test = compilePatterns(condition as Parameters<typeof compilePatterns>[0], where);
  return (value) => {
    const text = argumentText(value);
    return truth(text !== undefined && test(text));
  };
}

function and(checks: readonly Check[]): Check {
  return (facts, kinds) => {
    let out: Truth = YES;
    for (const check of checks) {
      const t = check(facts, kinds);
      if (t === NO) return NO;
      if (t === MAYBE) out = MAYBE;
    }
    return out;
  };
}

function textField(test: TextTest, read: (facts: ActionFacts) => string | undefined | null): Check {
  return (facts) => {
    const value = read(facts);
    if (value === null) return NO;
    if (value === undefined) return MAYBE;
    return test(value) ? YES : NO;
  };
}

function compileRule(rule: PolicyRule, index: number): Check {
  const where = `rules[${index}] (${rule.id}).match`;
  const m = rule.match;
  const checks: Check[] = [];
  if (m.tool !== undefined) {
    const test = compilePatterns(m.tool, `${where}.tool`);
    checks.push((f) => (test(f.tool) ? YES : NO));
  }
  if (m.toolType !== undefined) {
    const want = m.toolType;
    checks.push((f) => (f.toolType === want ? YES : NO));
  }
  if (m.arguments) {
    for (const [name, condition] of Object.entries(m.arguments)) {
      const test = compileCondition(condition, `${where}.arguments.${name}`);
      checks.push((f) => test(Object.hasOwn(f.arguments, name) ? f.arguments[name] : undefined));
    }
  }
  if (m.anyArgument !== undefined) {
    const test = compileCondition(m.anyArgument, `${where}.anyArgument`);
    checks.push((f) => {
      let out: Truth = NO;
      for (const value of Object.values(f.arguments)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          const t = test(v);
          if (t === YES) return YES;
          if (t === MAYBE) out = MAYBE;
        }
      }
      return out;
    });
  }
  if (m.target) {
    const fields = [
      ['role', m.target.role],
      ['name', m.target.name],
      ['label', m.target.label],
    ] as const;
    for (const [field, patterns] of fields) {
      if (patterns === undefined) continue;
      const test = compilePatterns(patterns, `${where}.target.${field}`);
      checks.push(textField(test, (f) => (f.target === undefined ? undefined : f.target === null ? null : (f.target[field] ?? ''))));
    }
  }
  if (m.app) {
    const fields = [
      ['title', m.app.title],
      ['process', m.app.process],
    ] as const;
    for (const [field, patterns] of fields) {
      if (patterns === undefined) continue;
      const test = compilePatterns(patterns, `${where}.app.${field}`);
      checks.push(textField(test, (f) => f.app?.[field]));
    }
  }
  if (m.kind !== undefined) {
    const list: readonly ActionKind[] = Array.isArray(m.kind) ? m.kind : [m.kind as ActionKind];
    const bits = list.reduce((acc: number, k) => acc | KIND_BIT[k], 0);
    checks.push((_f, kinds) => {
      const k = kinds();
      return k.sure & bits ? YES : k.maybe & bits ? MAYBE : NO;
    });
  }
  return and(checks);
}

const STRENGTH: Record<PolicyDecisionKind, number> = { allow: 0, confirm: 1, deny: 2 };

/**
 * A policy ready to evaluate: patterns compiled once. {@link CompiledPolicy.evaluate} is pure and synchronous.
 *
 * @example
 * ```ts
 * const policy = compilePolicy({ rules: [{ id: 'no-rm', match: { kind: 'delete' }, decision: 'deny', reason: 'never delete' }] });
 * policy.evaluate({ tool: 'run_shell', toolType: 'action', arguments: { command: 'rm -rf /tmp/x' }, target: null });
 * // → { decision: 'deny', rule: 'no-rm', reason: 'never delete' }
 * ```
 */
export class CompiledPolicy {
  /** The validated document. */
  readonly policy: Policy;
  private readonly checks: Check[];

  constructor(policy: Policy) {
    this.policy = policy;
    const ids = new Set<string>();
    for (const rule of policy.rules) {
      if (ids.has(rule.id)) throw new PolicyInvalidError(`rules: the id "${rule.id}" is used twice`);
      ids.add(rule.id);
    }
    this.checks = policy.rules.map((rule, i) => compileRule(rule, i));
  }

  /** The verdict on one command (see {@link PolicySchema} for the order of matching). */
  evaluate(facts: ActionFacts): PolicyVerdict {
    let cached: ClassifiedKinds | undefined;
    const kinds = (): ClassifiedKinds => (cached ??= classifyAction(facts));
    const { rules, order, unknown } = this.policy;
    let best: { rule: PolicyRule; uncertain: boolean } | undefined;
    for (let i = 0; i < rules.length; i += 1) {
      const rule = rules[i]!;
      const truth = this.checks[i]!(facts, kinds);
      // unknown facts hold actions only: an observation that is held could never teach what is unknown
      const matches = truth === YES || (truth === MAYBE && unknown === 'restrict' && rule.decision !== 'allow' && facts.toolType === 'action');
      if (!matches) continue;
      if (order === 'first-match') return verdictOf(rule, truth === MAYBE);
      if (!best || STRENGTH[rule.decision] > STRENGTH[best.rule.decision]) best = { rule, uncertain: truth === MAYBE };
      if (rule.decision === 'deny') break;
    }
    if (best) return verdictOf(best.rule, best.uncertain);
    if (facts.toolType === 'data_collection') return { decision: 'allow', reason: 'observation: no rule matched' };
    return { decision: this.policy.default, reason: this.policy.defaultReason };
  }
}

function verdictOf(rule: PolicyRule, uncertain: boolean): PolicyVerdict {
  return { decision: rule.decision, rule: rule.id, reason: rule.reason, ...(uncertain ? { uncertain: true } : {}) };
}

/**
 * Validates a policy (an object as written in YAML or code) and compiles it. Throws {@link PolicyInvalidError}
 * naming the key for a document that does not match the schema or a regular expression that does not compile.
 *
 * @example
 * ```ts
 * const policy = compilePolicy({ default: 'confirm', rules: [{ id: 'read-only', match: { tool: 'texts' }, decision: 'allow', reason: 'reading is safe' }] });
 * ```
 */
export function compilePolicy(input: PolicyInput | Policy | CompiledPolicy): CompiledPolicy {
  if (input instanceof CompiledPolicy) return input;
  const parsed = PolicySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PolicyInvalidError(`policy ${issue.path.join('.') || '(root)'}: ${issue.message}`, { cause: parsed.error });
  }
  return new CompiledPolicy(parsed.data);
}
