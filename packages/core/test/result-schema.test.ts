import { describe, expect, it } from 'vitest';
import { ResultSchema } from '../src/index.js';

describe('ResultSchema', () => {
  it('keeps the code of a failure Result next to its unchanged error text', () => {
    const failure = { status: 'failure', error: 'TOOL_FAILED: CONTROL_ID_STALE: control 7 is gone', code: 'CONTROL_ID_STALE', call_id: 'c1' };
    expect(ResultSchema.parse(failure)).toEqual(failure);
  });

  it('accepts a Result without a code (older dispatchers, successes)', () => {
    expect(ResultSchema.parse({ status: 'success', result: 3, call_id: 'c2' })).not.toHaveProperty('code');
  });
});
