// The protocol's timing defaults: both ends of a connection read them, so a change here is a protocol change.
import { describe, expect, it } from 'vitest';
import { PROTOCOL_DEFAULTS } from '../src/index.js';

describe('PROTOCOL_DEFAULTS', () => {
  it('holds the values devices and servers of this protocol version agree on', () => {
    expect(PROTOCOL_DEFAULTS).toEqual({
      commandTimeoutMs: 30_000,
      commandGraceMs: 2_000,
      heartbeatIntervalMs: 30_000,
      heartbeatTimeoutPeriods: 3,
      registerTimeoutMs: 10_000,
      duplicateProbeMs: 2_000,
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PROTOCOL_DEFAULTS)).toBe(true);
    expect(() => {
      (PROTOCOL_DEFAULTS as { commandTimeoutMs: number }).commandTimeoutMs = 1;
    }).toThrow(TypeError);
  });
});
