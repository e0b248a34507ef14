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
});
