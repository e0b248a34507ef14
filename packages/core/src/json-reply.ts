import type { z } from 'zod';
import { UfoError, type UfoErrorCode } from './errors.js';
import { describeReplyIssues } from './reply-issues.js';

/**
 * Extracts a JSON value from a model's reply, tolerating what models actually send: code fences (```json …```),
 * prose before or after the JSON, and trailing commas. Throws a `MODEL_REPLY_INVALID` {@link UfoError} when no
 * JSON can be recovered.
 */
export function parseJsonReply(text: string): unknown {
  const candidates: string[] = [];
  const fence = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(text);
  if (fence?.[1]) candidates.push(fence[1]);
  candidates.push(text);
  const balanced = extractBalanced(text);
  if (balanced) candidates.push(balanced);
  let lastError: unknown;
  for (const candidate of candidates) {
    for (const variant of [candidate.trim(), removeTrailingCommas(candidate.trim())]) {
      if (!variant) continue;
      try {
        return JSON.parse(variant);
      } catch (error) {
        lastError = error;
      }
    }
    const inner = extractBalanced(candidate);
    if (inner && inner !== candidate) {
      try {
        return JSON.parse(removeTrailingCommas(inner));
      } catch (error) {
        lastError = error;
      }
    }
  }
  throw new UfoError<UfoErrorCode>('MODEL_REPLY_INVALID', `The model's reply contains no parseable JSON: ${preview(text)}`, {
    cause: lastError,
  });
}

/** The outcome of {@link parseStructuredReply}. */
export type StructuredReplyResult<T> = { success: true; value: T } | { success: false; error: UfoError; issues: string[] };

/** Parses a reply tolerantly and validates it with a zod schema; never throws. */
export function parseStructuredReply<T>(text: string, schema: z.ZodType<T>): StructuredReplyResult<T> {
  let raw: unknown;
  try {
    raw = parseJsonReply(text);
  } catch (error) {
    const err = error as UfoError;
    return { success: false, error: err, issues: [err.message] };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { success: true, value: result.data };
  const issues = describeReplyIssues(result.error.issues, raw);
  return {
    success: false,
    issues,
    error: new UfoError<UfoErrorCode>('MODEL_REPLY_INVALID', `The model's reply does not match the schema: ${issues.join('; ')}`, {
      cause: result.error,
      details: { issues },
    }),
  };
}

function removeTrailingCommas(text: string): string {
  return text.replace(/,\s*([}\]])/g, '$1');
}

/** The first balanced `{…}` or `[…]` span of `text`, honouring strings and escapes. */
function extractBalanced(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start < 0) return undefined;
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return undefined;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat || '(empty reply)';
}
