import { describe, expect, it } from 'vitest';
import { actionResultText } from '../src/index.js';

describe('the report names the policy that held an action', () => {
  it('an approved held action says which rule held it; a denied one keeps the rule in its error; an allowed one says nothing more', () => {
    const click = { function: 'click_input', arguments: { id: '5' }, status: 'CONTINUE' } as const;
    expect(
      actionResultText({
        ...click,
        result: { status: 'success', call_id: 'c1', policy: { decision: 'confirm', rule: 'ask-times', reason: 'multiplying needs a yes', confirmed: true } },
      }),
    ).toBe('success (held by policy rule ask-times: multiplying needs a yes; approved)');
    expect(actionResultText({ ...click, result: { status: 'success', call_id: 'c2', policy: { decision: 'allow', reason: 'no rule matched' } } })).toBe(
      'success',
    );
    const denied = 'POLICY_DENIED: click_input is not allowed (rule no-times): no multiplying';
    expect(
      actionResultText({
        ...click,
        result: { status: 'failure', call_id: 'c3', error: denied, policy: { decision: 'deny', rule: 'no-times', reason: 'no multiplying' } },
      }),
    ).toBe(`failure: ${denied}`);
  });
});
