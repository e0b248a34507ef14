import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Context, CONTEXT_KEYS, defineContextKey } from '../src/index.js';

describe('Context', () => {
  it('starts every key at its default and reads typed values', () => {
    const ctx = new Context();
    for (const key of Object.keys(CONTEXT_KEYS) as Array<keyof typeof CONTEXT_KEYS>) {
      expect(ctx.get(key)).toEqual(CONTEXT_KEYS[key].initial());
    }
    ctx.set('REQUEST', 'open notepad');
    expect(ctx.get('REQUEST')).toBe('open notepad');
  });

  it('rejects unknown keys and invalid values with typed errors', () => {
    const ctx = new Context();
    expect(() => ctx.set('NOPE' as never, 1 as never)).toThrow(expect.objectContaining({ code: 'CONTEXT_UNKNOWN_KEY' }));
    expect(() => ctx.get('NOPE' as never)).toThrow(/Unknown context key "NOPE"/);
    expect(() => ctx.set('SESSION_STEP', -1)).toThrow(expect.objectContaining({ code: 'CONTEXT_INVALID_VALUE' }));
    expect(() => ctx.set('PREVIOUS_SUBTASKS', [{ subtask: 'x', status: 'WHATEVER' }] as never)).toThrow(/PREVIOUS_SUBTASKS/);
  });

  it('computes current-round counters from the per-round maps', () => {
    const ctx = new Context();
    ctx.beginRound(0, 'first');
    ctx.recordStep(0.5);
    ctx.recordStep(0.25);
    ctx.recordSubtaskEnd();
    ctx.beginRound(1, 'second');
    ctx.recordStep(null);
    expect(ctx.currentRoundStep).toBe(1);
    expect(ctx.currentRoundCost).toBe(0);
    expect(ctx.get('ROUND_STEP')).toEqual({ '0': 2, '1': 1 });
    expect(ctx.get('ROUND_COST')).toEqual({ '0': 0.75, '1': 0 });
    expect(ctx.get('ROUND_SUBTASK_AMOUNT')).toEqual({ '0': 1, '1': 0 });
    expect(ctx.get('SESSION_STEP')).toBe(3);
    expect(ctx.get('SESSION_COST')).toBe(0.75);
    expect(ctx.get('UNPRICED_CALLS')).toBe(1);
  });

  it('round-trips through JSON so a session can be resumed', () => {
    const ctx = new Context();
    ctx.beginRound(2, 'resume me');
    ctx.recordStep(0.1);
    ctx.set('PREVIOUS_SUBTASKS', [{ subtask: 'a', status: 'FINISH', result: { n: 1 } }]);
    ctx.set('APPLICATION_WINDOW_INFO', { kind: 'window', id: '3', name: 'Calc', rect: [0, 0, 10, 10] });
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    expect(restored.toJSON()).toEqual(ctx.toJSON());
    expect(restored.currentRoundStep).toBe(1);
    expect(() => Context.fromJSON({ BOGUS: 1 })).toThrow(/BOGUS/);
    expect(() => Context.fromJSON([])).toThrow(/expects an object/);
  });
});

describe('custom context keys', () => {
  const RETRIES = defineContextKey('MY_RETRIES', z.number().int().nonnegative(), () => 0, 'Retries of my strategy.');
  const NOTES = defineContextKey('MY_NOTES', z.array(z.string()), () => [], 'Notes of my agent.');

  it('are typed, validated and round-trip through toJSON/fromJSON like the built-in keys', () => {
    const ctx = new Context({}, { keys: [RETRIES, NOTES] });
    expect(ctx.getKey(RETRIES)).toBe(0);
    ctx.updateKey(RETRIES, (n) => n + 2);
    ctx.setKey(NOTES, ['a']);
    expect(() => ctx.setKey(RETRIES, -1)).toThrow(expect.objectContaining({ code: 'CONTEXT_INVALID_VALUE', message: expect.stringContaining('MY_RETRIES') }));
    const json = ctx.toJSON();
    expect(json).toMatchObject({ MY_RETRIES: 2, MY_NOTES: ['a'] });
    const back = Context.fromJSON(json, { keys: [RETRIES, NOTES] });
    expect([back.getKey(RETRIES), back.getKey(NOTES)]).toEqual([2, ['a']]);
  });

  it('must be registered up front; a clash with a built-in key is refused', () => {
    const ctx = new Context();
    expect(() => ctx.getKey(RETRIES)).toThrow(expect.objectContaining({ code: 'CONTEXT_UNKNOWN_KEY' }));
    expect(() => Context.fromJSON({ MY_RETRIES: 1 })).toThrow(/Unknown context key "MY_RETRIES"/);
    expect(() => new Context({}, { keys: [defineContextKey('REQUEST', z.string(), () => '', 'clash')] })).toThrow(
      expect.objectContaining({ code: 'CONTEXT_KEY_CONFLICT' }),
    );
  });
});
