import { describe, expect, expectTypeOf, it } from 'vitest';
import { UFO_ERROR_CODES, UfoError, errorCode, errorResult, type UfoErrorCode } from '../src/index.js';

type DemoCode = 'DEMO_FAILED' | 'DEMO_MISSING';
class DemoError extends UfoError<DemoCode> {}

describe('closed error codes', () => {
  it("a package's error class accepts only its own codes (checked by the typecheck of this file)", () => {
    const error = new DemoError('DEMO_FAILED', 'it failed');
    expectTypeOf(error.code).toEqualTypeOf<DemoCode>();
    // @ts-expect-error a code outside the class's union is refused
    expect(new DemoError('SOMETHING_ELSE', 'x').code).toBe('SOMETHING_ELSE');
    expect(error).toBeInstanceOf(UfoError);
  });

  it('UfoErrorCode is the closed list UFO_ERROR_CODES', () => {
    expectTypeOf<UfoErrorCode>().toEqualTypeOf<(typeof UFO_ERROR_CODES)[number]>();
    // @ts-expect-error any string is no longer a UfoErrorCode
    const open: UfoErrorCode = 'ANY_STRING';
    expect(UFO_ERROR_CODES).not.toContain(open);
    expect(UFO_ERROR_CODES).toContain('CONFIG_INVALID');
  });

  it('new UfoError(code) keeps the code it is given (tool servers report their own codes)', () => {
    const error = new UfoError('WINDOW_VANISHED', 'gone');
    expectTypeOf(error.code).toEqualTypeOf<'WINDOW_VANISHED'>();
    expect(error.code).toBe('WINDOW_VANISHED');
  });

  it("errorCode: the code a program matches on is the wrapped error's, not the failed strategy's", () => {
    const reply = new UfoError('MODEL_REPLY_INVALID', 'no JSON');
    const wrapped = new UfoError('STRATEGY_FAILED', 'Strategy "llm" failed in LLM_INTERACTION: no JSON', { cause: reply });
    expect(errorCode(wrapped)).toBe('MODEL_REPLY_INVALID');
    expect(errorCode(new UfoError('STRATEGY_FAILED', 'boom', { cause: new Error('plain') }))).toBe('STRATEGY_FAILED');
    expect(errorCode(new Error('no code'))).toBeUndefined();
    expect(errorResult(wrapped)).toEqual({ error: wrapped.message, code: 'MODEL_REPLY_INVALID' });
    expect(errorResult('text')).toEqual({ error: 'text' });
  });
});
