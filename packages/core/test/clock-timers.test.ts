import { describe, expect, it } from 'vitest';
import { clockInterval, clockTimeout } from '../src/index.js';
import { ManualClock } from '../src/testing.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('clock timers', () => {
  it('clockTimeout fires once when the clock reaches it, and never after it was stopped', async () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    clockTimeout(clock, 100, () => fired.push('a'));
    const stopB = clockTimeout(clock, 100, () => fired.push('b'));
    clock.advance(99);
    await flush();
    expect(fired).toEqual([]);
    stopB();
    clock.advance(1);
    await flush();
    clock.advance(1_000);
    await flush();
    expect(fired).toEqual(['a']);
  });

  it('clockInterval ticks once per period as the clock advances, until stopped', async () => {
    const clock = new ManualClock();
    let ticks = 0;
    const stop = clockInterval(clock, 10, () => (ticks += 1));
    for (let i = 0; i < 3; i += 1) {
      clock.advance(10);
      await flush();
    }
    expect(ticks).toBe(3);
    stop();
    clock.advance(10);
    await flush();
    expect(ticks).toBe(3);
    expect(clock.pending).toBe(0);
  });
});
