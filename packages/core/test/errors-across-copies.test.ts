import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isUfoError, UfoError } from '../src/errors.js';

// The CommonJS build is a second copy of every class, as a consumer loading both builds (or two versions) has.
const otherCopy = createRequire(import.meta.url)('../dist/index.cjs') as typeof import('../src/errors.js');

// The same subclass declared by each copy of a package built on core.
const DeviceLost = class DeviceLost extends UfoError {};
const OtherDeviceLost = class DeviceLost extends otherCopy.UfoError {};
class SessionBroke extends UfoError {}

describe('UfoError across copies of @ufo-ts/core', () => {
  it('the other copy really is another class', () => {
    expect(otherCopy.UfoError).not.toBe(UfoError);
  });

  it('instanceof UfoError holds for an error of either copy, both ways', () => {
    expect(new otherCopy.UfoError('X', 'from the other copy')).toBeInstanceOf(UfoError);
    expect(new UfoError('X', 'from this copy')).toBeInstanceOf(otherCopy.UfoError);
    expect(new OtherDeviceLost('X', 'm')).toBeInstanceOf(UfoError);
  });

  it('isUfoError recognises both copies and nothing else', () => {
    expect(isUfoError(new otherCopy.UfoError('X', 'm'))).toBe(true);
    expect(otherCopy.isUfoError(new UfoError('X', 'm'))).toBe(true);
    expect(isUfoError(new Error('plain'))).toBe(false);
    expect(isUfoError({ code: 'X', message: 'looks like one' })).toBe(false);
    expect(isUfoError(null)).toBe(false);
  });

  it('a subclass matches its namesake from the other copy, not a sibling or a plain Error', () => {
    expect(new OtherDeviceLost('X', 'm')).toBeInstanceOf(DeviceLost);
    expect(new DeviceLost('X', 'm')).toBeInstanceOf(OtherDeviceLost);
    expect(new OtherDeviceLost('X', 'm')).not.toBeInstanceOf(SessionBroke);
    expect(new otherCopy.UfoError('X', 'm')).not.toBeInstanceOf(DeviceLost);
    expect(new Error('plain')).not.toBeInstanceOf(UfoError);
  });
});
