import { describe, expect, it } from 'vitest';
import { spanTime, toHrTime } from '../src/span-clock.js';

const nanos = (time: readonly [number, number]): bigint => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);

describe('the span clock handed to the SDK as HrTime', () => {
  it('is the epoch time of performance.timeOrigin + the span time, to within a microsecond', () => {
    const time = spanTime();
    const [seconds, fraction] = toHrTime(time);
    const epochMillis = performance.timeOrigin + time;
    expect(Math.abs(seconds * 1000 + fraction / 1e6 - epochMillis)).toBeLessThan(0.001);
    expect(Number.isInteger(seconds) && Number.isInteger(fraction)).toBe(true);
  });

  it('never goes back and keeps nanoseconds below a second, across second boundaries and rounding edges', () => {
    const times: number[] = [];
    for (let second = 0; second < 3; second += 1) {
      for (const offset of [-0.0000004, -0.0000001, 0, 0.0000001, 0.0000004, 0.5, 999.9999994, 999.9999996, 999.9999999])
        times.push(second * 1000 + Math.max(0, offset));
    }
    for (let i = 0; i < 2000; i += 1) times.push(Math.random() * 5000);
    times.sort((a, b) => a - b);
    const converted = times.map(toHrTime);
    for (const [, fraction] of converted) expect(fraction >= 0 && fraction < 1e9).toBe(true);
    for (let i = 1; i < converted.length; i += 1) expect(nanos(converted[i]!) >= nanos(converted[i - 1]!)).toBe(true);
  });
});
