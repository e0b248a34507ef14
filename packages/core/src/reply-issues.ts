import type { z } from 'zod';

/** A zod issue, as much of it as {@link describeReplyIssues} reads. */
type Issue = z.core.$ZodIssue;

/**
 * Readable descriptions of why a model's reply does not match its schema, one per problem, each naming the field
 * (a dotted path such as `action.0.status`), the value the model sent and what was allowed. A union is described by
 * the alternative that came closest (the one whose problems lie deepest), so `{"status": "MAYBE"}` inside a
 * one-action-or-a-list field is reported as `action.status: "MAYBE" is not one of CONTINUE, FINISH`, not as
 * `action: Invalid input`.
 *
 * @param issues The issues of a failed `safeParse`.
 * @param input The value that was parsed, to quote what the model sent.
 */
export function describeReplyIssues(issues: readonly Issue[], input: unknown): string[] {
  return issues.flatMap((issue) => describe(issue, [], input));
}

function describe(issue: Issue, prefix: readonly PropertyKey[], input: unknown): string[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
    return closest.flatMap((inner) => describe(inner, path, input));
  }
  const field = path.length ? path.map(String).join('.') : '(root)';
  const value = valueAt(input, path);
  if (issue.code === 'invalid_value') {
    return [`${field}: ${quote(value)} is not one of ${issue.values.map(String).join(', ')}`];
  }
  if (issue.code === 'invalid_type' && value.found) {
    return [`${field}: expected ${issue.expected}, got ${quote(value)}`];
  }
  return [`${field}: ${issue.message}`];
}

/** How deep the deepest problem of a union alternative lies (the alternative that got furthest). */
function depth(issues: readonly Issue[]): number {
  return Math.max(...issues.map((i) => i.path.length + (i.code === 'invalid_type' && i.path.length === 0 ? -1 : 0)));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !(key in current)) return { found: false };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

function quote(value: { found: boolean; value?: unknown }): string {
  if (!value.found) return 'nothing';
  const text = JSON.stringify(value.value) ?? String(value.value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
