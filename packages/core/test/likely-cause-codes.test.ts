import { describe, expect, it } from 'vitest';
import { likelyCause } from '../src/progress/likely-cause.js';

const failure = (error: string, code?: string) => ({ status: 'failure' as const, error, call_id: 'c', ...(code ? { code } : {}) });

describe('the likely cause of a NO_EFFECT failure', () => {
  it('is no_effect, whatever words the message uses about other controls', () => {
    // the message names what changed elsewhere ("-disabled" on a neighbour): the code decides, not those words
    const error =
      'NO_EFFECT: control b16 (check box "Show cursor") was not checked: a click at (574, 538) left its state as it was (seen on it: +focused only; elsewhere: b3 (spin button "Width") states: -disabled)';
    expect(likelyCause({ function: 'click_input', result: failure(error, 'NO_EFFECT'), listed: undefined, unlistedId: false })).toBe('no_effect');
    expect(likelyCause({ function: 'click_input', result: failure(`TOOL_FAILED: ${error}`), listed: undefined, unlistedId: false })).toBe('no_effect');
  });
});
