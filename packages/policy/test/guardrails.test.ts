import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, test } from 'vitest';
import { GuardrailBlockedError, withGuardrails, type InputGuardrail, type OutputGuardrail } from '../src/index.js';

const SECRET = /sk-[A-Za-z0-9]{10,}/;
const redact: InputGuardrail = {
  name: 'redact-keys',
  check: (request) => {
    const text = JSON.stringify(request.messages);
    if (!SECRET.test(text)) return undefined;
    return {
      action: 'rewrite',
      reason: 'an API key was redacted',
      value: { ...request, messages: JSON.parse(text.replace(new RegExp(SECRET, 'g'), '[redacted]')) },
    };
  },
};
const noShell: OutputGuardrail = {
  name: 'no-shell',
  check: (reply) => (reply.content.includes('run_shell') ? { action: 'block', reason: 'shell commands are not allowed' } : undefined),
};

describe('withGuardrails', () => {
  test('an input rewrite reaches the model and is recorded on the reply', async () => {
    const seen: string[] = [];
    const inner = new ScriptedModel({
      replies: [
        (req) => {
          seen.push(JSON.stringify(req.messages));
          return 'ok';
        },
      ],
    });
    const model = withGuardrails(inner, { input: [redact] });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'use key sk-abcdefghijklmnop' }] });
    expect(seen[0]).toContain('[redacted]');
    expect(seen[0]).not.toMatch(SECRET);
    expect(reply.providerMetadata?.guardrails).toEqual([{ guardrail: 'redact-keys', stage: 'input', reason: 'an API key was redacted' }]);
  });

  test('an input block stops the call before the model', async () => {
    let calls = 0;
    const inner = new ScriptedModel({
      replies: [
        () => {
          calls += 1;
          return 'ok';
        },
      ],
    });
    const model = withGuardrails(inner, { input: [{ name: 'stop', check: () => ({ action: 'block', reason: 'no' }) }] });
    const error = await model.complete({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardrailBlockedError);
    expect(error).toMatchObject({ code: 'GUARDRAIL_BLOCKED', guardrail: 'stop', stage: 'input' });
    expect(calls).toBe(0);
  });

  test('an output block rejects the reply; a throwing guardrail fails closed', async () => {
    const model = withGuardrails(new ScriptedModel({ replies: ['{"function":"run_shell"}'] }), { output: [noShell] });
    await expect(model.complete({ messages: [{ role: 'user', content: 'go' }] })).rejects.toMatchObject({
      code: 'GUARDRAIL_BLOCKED',
      stage: 'output',
      reason: 'shell commands are not allowed',
    });
    const broken = withGuardrails(new ScriptedModel({ replies: ['fine'] }), {
      output: [
        {
          name: 'broken',
          check: () => {
            throw new Error('bug');
          },
        },
      ],
    });
    await expect(broken.complete({ messages: [{ role: 'user', content: 'go' }] })).rejects.toMatchObject({ code: 'GUARDRAIL_BLOCKED', guardrail: 'broken' });
    const passing = withGuardrails(new ScriptedModel({ replies: ['fine'] }), { output: [noShell] });
    expect((await passing.complete({ messages: [{ role: 'user', content: 'go' }] })).content).toBe('fine');
  });
});
