import { z } from 'zod';

/** Nesting depth of a JSON value (a scalar is 0, `{}` is 1); stops counting past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push({ value: child, depth: here });
  }
  return deepest;
}

/**
 * A free-form JSON object with a ceiling on its serialised size and nesting, so a peer cannot park a value that
 * later breaks whoever lists or serialises it (a deeply nested `custom_metadata` in `GET /api/clients`).
 */
export function boundedRecordSchema(maxBytes: number, maxDepth: number) {
  return z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const depth = jsonDepth(value, maxDepth);
    if (depth > maxDepth) {
      context.addIssue({ code: 'custom', message: `nested deeper than ${maxDepth} levels` });
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
    if (bytes > maxBytes) context.addIssue({ code: 'custom', message: `${bytes} bytes of JSON exceed the ${maxBytes}-byte limit` });
  });
}
