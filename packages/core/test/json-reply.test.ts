import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonReply, parseStructuredReply } from '../src/index.js';

describe('parseJsonReply', () => {
  it.each([
    ['plain', '{"a":1}', { a: 1 }],
    ['fenced', 'Sure!\n```json\n{"a": 1}\n```\nHope this helps', { a: 1 }],
    ['fence without language', '```\n[1,2]\n```', [1, 2]],
    ['prose around', 'Here you go: {"a": {"b": "}"}} and that is all', { a: { b: '}' } }],
    ['trailing commas', '{"a": [1, 2,], "b": 3,}', { a: [1, 2], b: 3 }],
  ])('%s', (_name, text, expected) => {
    expect(parseJsonReply(text)).toEqual(expected);
  });

  it('fails with MODEL_REPLY_INVALID and a preview when there is no JSON', () => {
    expect(() => parseJsonReply('I clicked the button.')).toThrow(
      expect.objectContaining({ code: 'MODEL_REPLY_INVALID', message: expect.stringContaining('I clicked the button.') }),
    );
  });

  it('validates with zod and lists the issues', () => {
    const schema = z.object({ status: z.enum(['FINISH', 'CONTINUE']), n: z.number() });
    expect(parseStructuredReply('{"status":"FINISH","n":2}', schema)).toEqual({ success: true, value: { status: 'FINISH', n: 2 } });
    const bad = parseStructuredReply('{"status":"DONE"}', schema);
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.issues.join('\n')).toMatch(/status/);
      expect(bad.issues.join('\n')).toMatch(/n:/);
    }
  });

  it('names the field, the value sent and the allowed set, also inside a one-or-a-list union', () => {
    const action = z.object({ function: z.string(), status: z.enum(['CONTINUE', 'FINISH']).optional() });
    const schema = z.object({ action: z.union([action, z.array(action)]), status: z.enum(['FINISH', 'FAIL']).optional() });
    const single = parseStructuredReply('{"action":{"function":"","status":"MAYBE"},"status":"SOON"}', schema);
    expect(single.success).toBe(false);
    if (!single.success) {
      expect(single.issues).toEqual(['action.status: "MAYBE" is not one of CONTINUE, FINISH', 'status: "SOON" is not one of FINISH, FAIL']);
      expect(single.error.message).toContain('action.status: "MAYBE" is not one of CONTINUE, FINISH');
    }
    const listed = parseStructuredReply('{"action":[{"function":"a"},{"function":"b","status":"MAYBE"}]}', schema);
    if (!listed.success) expect(listed.issues).toEqual(['action.1.status: "MAYBE" is not one of CONTINUE, FINISH']);
    expect(listed.success).toBe(false);
    const wrongType = parseStructuredReply('{"action":{"function":3}}', schema);
    if (!wrongType.success) expect(wrongType.issues).toEqual(['action.function: expected string, got 3']);
  });
});
