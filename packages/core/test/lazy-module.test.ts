import { describe, expect, it } from 'vitest';
import { UfoError } from '../src/index.js';
import { LazyModule } from '../src/internal.js';

describe('LazyModule', () => {
  it('imports once, caches the module, and exposes it as loaded only after loading', async () => {
    let imports = 0;
    const lazy = new LazyModule(
      'answer',
      async () => ({ value: ++imports }),
      (s, cause) => new UfoError('LOAD_FAILED', s, { cause }),
    );
    expect(lazy.loaded).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(await lazy.load()).toEqual({ value: 1 });
    expect(imports).toBe(1);
    expect(lazy.loaded).toEqual({ value: 1 });
  });

  it("turns a failed import into the owner's error with the failure as cause, and tries again next time", async () => {
    let attempt = 0;
    const lazy = new LazyModule(
      'flaky-sdk',
      async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('not installed');
        return { ok: true };
      },
      (specifier, cause) => new UfoError('LOAD_FAILED', `cannot load ${specifier}`, { cause }),
    );
    lazy.prefetch();
    const failure = await lazy.load().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UfoError);
    expect(failure).toMatchObject({ code: 'LOAD_FAILED', message: 'cannot load flaky-sdk', cause: expect.objectContaining({ message: 'not installed' }) });
    expect(await lazy.load()).toEqual({ ok: true });
    expect(attempt).toBe(2);
  });
});
