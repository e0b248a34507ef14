/**
 * A module loaded on first use and cached, so importing a package does not pay for a dependency (a provider SDK,
 * an MCP transport) until something needs it. A failed import is not cached: the next `load()` tries again.
 */
export class LazyModule<T> {
  private pending: Promise<T> | undefined;
  private module: T | undefined;

  /**
   * @param specifier what is loaded, for error messages.
   * @param importer the dynamic import, e.g. `() => import('openai')`.
   * @param loadError turns an import failure into the owning package's typed error (its cause is the failure).
   */
  constructor(
    readonly specifier: string,
    private readonly importer: () => Promise<T>,
    private readonly loadError: (specifier: string, cause: unknown) => Error,
  ) {}

  /** The module if it has been loaded already (its error classes can only have instances then). */
  get loaded(): T | undefined {
    return this.module;
  }

  /** Loads the module once. @throws the `loadError` of the failure. */
  load(): Promise<T> {
    this.pending ??= this.importer().then(
      (module) => (this.module = module),
      (error: unknown) => {
        this.pending = undefined;
        throw this.loadError(this.specifier, error);
      },
    );
    return this.pending;
  }

  /** Starts loading in the background; a failure surfaces on the next `load()`. */
  prefetch(): void {
    this.load().catch(() => undefined);
  }
}
