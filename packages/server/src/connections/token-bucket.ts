import { BoundedMap } from '@ufo-ts/core/internal';

/** Options of {@link TokenBuckets}. */
export interface TokenBucketOptions {
  /** Tokens a key may spend at once. */
  burst: number;
  /** Tokens added per minute (up to `burst`). */
  perMinute: number;
  /** Keys remembered (least recently used are forgotten first; default 10 000). */
  maxKeys?: number;
}

/** One token bucket per key (a device id): `take` spends a token when there is one. */
export class TokenBuckets {
  private readonly buckets: BoundedMap<string, { tokens: number; at: number }>;

  constructor(private readonly options: TokenBucketOptions) {
    this.buckets = new BoundedMap(options.maxKeys ?? 10_000);
  }

  /** Spends one token of `key` at time `now` (ms); false when its bucket is empty. */
  take(key: string, now: number): boolean {
    const { burst, perMinute } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    const tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }
}
