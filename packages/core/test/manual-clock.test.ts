import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/testing.js';

describe('ManualClock', () => {
  it('moves only when advanced, and wakes sleeps in the order they end', async () => {
    const clock = new ManualClock(1_000);
    const woke: string[] = [];
    const long = clock.sleep(50).then(() => woke.push('long'));
    const short = clock.sleep(10).then(() => woke.push('short'));
    clock.advance(9);
    await Promise.resolve();
    expect(woke).toEqual([]);
    clock.advance(41);
    await Promise.all([long, short]);
    expect(woke).toEqual(['short', 'long']);
    expect([clock.now(), clock.monotonic(), clock.pending]).toEqual([1_050, 50, 0]);
  });

  it('an aborted sleep rejects with the reason and stops waiting', async () => {
    const clock = new ManualClock();
    const abort = new AbortController();
    const sleeping = clock.sleep(10, abort.signal);
    abort.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pending).toBe(0);
  });
});
