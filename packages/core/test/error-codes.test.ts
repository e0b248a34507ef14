import { describe, expect, expectTypeOf, it } from 'vitest';
import { UFO_ERROR_CODES, UfoError, type UfoErrorCode } from '../src/index.js';

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
});
