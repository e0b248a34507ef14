import { z } from 'zod';

/** What a policy says about one command: run it, ask a person first, or refuse it. */
export const PolicyDecisionKindSchema = z.enum(['allow', 'confirm', 'deny']);
/** `allow`, `confirm` or `deny`. */
export type PolicyDecisionKind = z.infer<typeof PolicyDecisionKindSchema>;

/**
 * A text pattern. A plain string is a glob matched against the whole text, case-insensitively (`*` any run of
 * characters, `?` one character, `[abc]` a class); `{ glob }` is the same written out; `{ regex, flags }` is a
 * JavaScript regular expression searched in the text (anchor it with `^…$` to match the whole text).
 *
 * @example
 * ```yaml
 * tool: "delete_*"
 * name: { regex: "^(send|submit)\\b", flags: "i" }
 * ```
 */
export const TextPatternSchema = z.union([
  z.string(),
  z.strictObject({ glob: z.string() }),
  z.strictObject({
    regex: z.string(),
    flags: z
      .string()
      .regex(/^[imsuy]*$/)
      .optional(),
  }),
]);
/** A glob (string or `{ glob }`) or `{ regex, flags }` (see {@link TextPatternSchema}). */
export type TextPattern = z.infer<typeof TextPatternSchema>;

/** One pattern or a list of them (any of them matches). */
export const TextPatternsSchema = z.union([TextPatternSchema, z.array(TextPatternSchema).min(1)]);
/** One {@link TextPattern} or several (any matches). */
export type TextPatterns = z.infer<typeof TextPatternsSchema>;

/**
 * A condition on one argument of the command:
 * - a text pattern ({@link TextPatternSchema}) the argument's text must match (numbers and booleans are matched as
 *   their text);
 * - `{ under: [folders] }`: the argument is a path inside one of the folders, compared after normalising both
 *   (`.` and `..` resolved, `\` read as `/`, repeated slashes merged), so `/home/me/../../etc` is not under
 *   `/home/me`; a relative path (`notes/../../etc/x`) does not say where it starts, so whether it is under a
 *   folder is not known (see the policy's `unknown`);
 * - `{ min, max }`: the argument is a number (or a numeric string) in the closed range;
 * - `{ present: true | false }`: the argument is given (not empty) or not.
 *
 * @example
 * ```yaml
 * arguments:
 *   path: { under: ["/etc", "~/.ssh"] }
 *   amount: { min: 100 }
 * ```
 */
export const ArgumentConditionSchema = z.union([
  TextPatternsSchema,
  z.strictObject({ under: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) }),
  z
    .strictObject({ min: z.number().optional(), max: z.number().optional() })
    .refine((r) => r.min !== undefined || r.max !== undefined, 'a range needs min or max'),
  z.strictObject({ present: z.boolean() }),
]);
/** A condition on one argument (see {@link ArgumentConditionSchema}). */
export type ArgumentCondition = z.infer<typeof ArgumentConditionSchema>;

/**
 * The control a command acts on, as the dispatcher knows it: its role (AT-SPI `password text`, UIA `Edit`), its
 * name and its label (the caption of an unnamed field). Each field is a pattern; all given must match.
 */
export const TargetConditionSchema = z.strictObject({
  role: TextPatternsSchema.optional(),
  name: TextPatternsSchema.optional(),
  label: TextPatternsSchema.optional(),
});
/** A condition on the target control (see {@link TargetConditionSchema}). */
export type TargetCondition = z.infer<typeof TargetConditionSchema>;

/** The application or window a command acts in: the window's title and its process (root name). */
export const AppConditionSchema = z.strictObject({
  title: TextPatternsSchema.optional(),
  process: TextPatternsSchema.optional(),
});
/** A condition on the app or window (see {@link AppConditionSchema}). */
export type AppCondition = z.infer<typeof AppConditionSchema>;

/**
 * Kinds of action recognised from the tool, its arguments and its target (see `classifyAction` for the exact
 * rules): `password_input` (text typed or set into a password field), `file_dialog` (opening an Open / Save
 * dialog), `delete` (deleting files or items), `send` (sending, submitting, paying, buying).
 */
export const ActionKindSchema = z.enum(['password_input', 'file_dialog', 'delete', 'send']);
/** One of {@link ActionKindSchema}'s kinds. */
export type ActionKind = z.infer<typeof ActionKindSchema>;

/** What a rule matches; every condition given must hold (an empty match matches every command). */
export const RuleMatchSchema = z.strictObject({
  /** The tool's name (one pattern or several). */
  tool: TextPatternsSchema.optional(),
  /** Only commands of this tool type (`action` changes the machine, `data_collection` observes it). */
  toolType: z.enum(['action', 'data_collection']).optional(),
  /** Conditions on named arguments; all must hold. A missing argument fails every condition but `present: false`. */
  arguments: z.record(z.string().min(1), ArgumentConditionSchema).optional(),
  /** A condition at least one string argument must meet (any argument name). */
  anyArgument: ArgumentConditionSchema.optional(),
  /** The control the command acts on. */
  target: TargetConditionSchema.optional(),
  /** The app or window the command acts in. */
  app: AppConditionSchema.optional(),
  /** The kind of action (one or several; any matches). */
  kind: z.union([ActionKindSchema, z.array(ActionKindSchema).min(1)]).optional(),
});
/** What a rule matches (see {@link RuleMatchSchema}). */
export type RuleMatch = z.infer<typeof RuleMatchSchema>;

/** One rule: an id, what it matches, its decision and the reason given with it. */
export const PolicyRuleSchema = z.strictObject({
  /** Names the rule in results, logs and events. */
  id: z.string().min(1),
  match: RuleMatchSchema.default({}),
  decision: PolicyDecisionKindSchema,
  /** Said to the model (in the failed result), to the person asked, and in the logs. */
  reason: z.string().min(1),
});
/** One rule (see {@link PolicyRuleSchema}). */
export type PolicyRule = z.infer<typeof PolicyRuleSchema>;
/** One rule as written (before defaults). */
export type PolicyRuleInput = z.input<typeof PolicyRuleSchema>;

/**
 * A policy: rules, how they combine, and what happens to an action no rule matches.
 *
 * Order of matching (`order`):
 * - `first-match` (default): the rules are tried in order and the first that matches decides;
 * - `deny-overrides`: every rule is tried; a matching `deny` wins over a matching `confirm`, which wins over a
 *   matching `allow`; among rules of the winning decision, the first in order gives the id and the reason.
 *
 * No rule matches: an `action` command gets `default` (with `defaultReason`); a `data_collection` command
 * (screenshots, listings) is allowed, so a `default: deny` policy still lets the agent see.
 *
 * Unknown facts (`unknown`): a rule may depend on what is not known for a command — the target of a click at
 * coordinates no listing covers, the focused control when text is typed without an id. With `restrict` (default)
 * such a rule counts as matching when its decision is `confirm` or `deny` and as not matching when it is `allow`,
 * so not knowing never loosens a policy; with `ignore` it never matches. Only actions are held this way: an
 * observation (`data_collection`: the listing that would tell the target and the app) matches only a rule that
 * certainly holds.
 *
 * @example
 * ```yaml
 * policy:
 *   default: allow
 *   rules:
 *     - id: no-passwords
 *       match: { kind: password_input }
 *       decision: deny
 *       reason: the agent never types into password fields
 *     - id: ask-before-send
 *       match: { kind: send }
 *       decision: confirm
 *       reason: sending, submitting and paying need a person's approval
 * ```
 */
export const PolicySchema = z.strictObject({
  /** The document's format version. */
  version: z.literal(1).default(1),
  order: z.enum(['first-match', 'deny-overrides']).default('first-match'),
  default: PolicyDecisionKindSchema.default('allow'),
  defaultReason: z.string().min(1).default('no rule matched'),
  unknown: z.enum(['restrict', 'ignore']).default('restrict'),
  rules: z.array(PolicyRuleSchema).default([]),
});
/** A validated policy, defaults applied. */
export type Policy = z.infer<typeof PolicySchema>;
/** A policy as written (YAML or code, before defaults). */
export type PolicyInput = z.input<typeof PolicySchema>;

/**
 * The policy's verdict on one command, as carried in its result (`Result.policy`), the `command` event and
 * response.log: the decision, the rule that made it (absent for the default), its reason, and for `confirm`
 * whether the person approved.
 */
export const PolicyVerdictSchema = z.object({
  decision: PolicyDecisionKindSchema,
  rule: z.string().optional(),
  reason: z.string(),
  /** The rule matched only because a fact it needs (the target, the app) was not known (policy `unknown: restrict`). */
  uncertain: z.boolean().optional(),
  /** For `confirm`: whether the person approved. */
  confirmed: z.boolean().optional(),
});
/** The policy's verdict on one command (see {@link PolicyVerdictSchema}). */
export type PolicyVerdict = z.infer<typeof PolicyVerdictSchema>;
