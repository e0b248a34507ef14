/**
 * A provider client built on first use from a lazily loaded SDK: `get()` resolves the same client every time.
 * A failed build (e.g. the SDK cannot be loaded) is not cached.
 */
export function lazyClient<C>(build: () => Promise<C>): () => Promise<C> {
  let client: Promise<C> | undefined;
  return () => {
    client ??= build().catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
}
