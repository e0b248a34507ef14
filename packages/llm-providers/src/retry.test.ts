import { describe, expect, it } from 'vitest';
import { ModelCallError } from './errors.js';
import { parseRetryAfter } from './failure-classification.js';
import { retryDelay, sleep, withRetry } from './retry.js';

const serverError = { kind: 'server' as const, retryable: true, message: '500' };

describe('retryDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, serverError, options))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('removes up to the jitter fraction at random', () => {
    expect(retryDelay(1, serverError, { initialDelayMs: 1000, jitter: 0.25, random: () => 0 })).toBe(1000);
    expect(retryDelay(1, serverError, { initialDelayMs: 1000, jitter: 0.25, random: () => 0.999 })).toBe(750);
  });

  it('uses the server-requested wait, bounded by maxRetryAfterMs', () => {
    expect(retryDelay(1, { ...serverError, retryAfterMs: 3000 }, { initialDelayMs: 1 })).toBe(3000);
    expect(retryDelay(1, { ...serverError, retryAfterMs: 300_000 }, { maxRetryAfterMs: 5000 })).toBe(5000);
  });
});

describe('parseRetryAfter', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('retries retryable failures and reports the attempts', async () => {
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        return 'ok';
      },
      { initialDelayMs: 1, jitter: 0 },
    );
    expect(result.value).toBe('ok');
    expect(result.attempts).toBe(3);
    expect(result.retries.map((r) => r.failure.kind)).toEqual(['connection', 'connection']);
  });

  it('does not retry unknown errors', async () => {
    let calls = 0;
    const error = await withRetry(async () => {
      calls += 1;
      throw new Error('bug');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(calls).toBe(1);
  });

  it('aborts a retry sleep promptly', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pending = withRetry(
      async () => {
        throw Object.assign(new Error('reset'), { code: 'ECONNRESET' });
      },
      { initialDelayMs: 20_000, jitter: 0, signal: controller.signal },
    ).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const error = (await pending) as ModelCallError;
    expect(error.aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('times out an attempt through its signal', async () => {
    const error = (await withRetry(({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))), {
      timeoutMs: 20,
      maxRetries: 0,
    }).catch((e: unknown) => e)) as ModelCallError;
    expect(error.timedOut).toBe(true);
    expect(error.retryable).toBe(true);
  });

  it('sleep rejects with the abort reason', async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error('stop')))).rejects.toThrow('stop');
  });
});
