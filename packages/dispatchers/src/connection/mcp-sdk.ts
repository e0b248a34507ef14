import { ServerStartError } from '../errors.js';

/**
 * An MCP SDK module loaded on first use and cached, so importing `@ufo-ts/dispatchers` loads no MCP code and a
 * dispatcher loads the client and only the transports its servers use. A failed import is not cached.
 */
class LazyModule<T> {
  private pending: Promise<T> | undefined;
  private module: T | undefined;

  constructor(
    private readonly specifier: string,
    private readonly importer: () => Promise<T>,
  ) {}

  /** The module if it has been loaded already (errors of its classes can only exist then). */
  get loaded(): T | undefined {
    return this.module;
  }

  /** @throws ServerStartError (with the import failure as cause) when the module cannot be loaded. */
  load(): Promise<T> {
    this.pending ??= this.importer().then(
      (module) => (this.module = module),
      (error: unknown) => {
        this.pending = undefined;
        throw new ServerStartError(`cannot load ${this.specifier}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      },
    );
    return this.pending;
  }
}

/** `@modelcontextprotocol/sdk/client/index.js` (the `Client`). */
export const mcpClientModule = new LazyModule('@modelcontextprotocol/sdk/client/index.js', () => import('@modelcontextprotocol/sdk/client/index.js'));
/** `@modelcontextprotocol/sdk/types.js` (`McpError`, `ErrorCode`, notification schemas). */
export const mcpTypesModule = new LazyModule('@modelcontextprotocol/sdk/types.js', () => import('@modelcontextprotocol/sdk/types.js'));
/** The stdio client transport. */
export const stdioTransportModule = new LazyModule('@modelcontextprotocol/sdk/client/stdio.js', () => import('@modelcontextprotocol/sdk/client/stdio.js'));
/** The streamable HTTP client transport (and `StreamableHTTPError`). */
export const httpTransportModule = new LazyModule('@modelcontextprotocol/sdk/client/streamableHttp.js', () => import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
/** The in-memory transport of in-process servers. */
export const inMemoryTransportModule = new LazyModule('@modelcontextprotocol/sdk/inMemory.js', () => import('@modelcontextprotocol/sdk/inMemory.js'));

/** Whether `error` is the SDK's `StreamableHTTPError` (false while the HTTP transport was never loaded). */
export function isStreamableHttpError(error: unknown): error is Error & { code: number | undefined } {
  const module = httpTransportModule.loaded;
  return module !== undefined && error instanceof module.StreamableHTTPError;
}

/** Whether `error` is the SDK's `McpError` (false while the SDK was never loaded). */
export function isMcpError(error: unknown): error is Error & { code: number } {
  const module = mcpTypesModule.loaded;
  return module !== undefined && error instanceof module.McpError;
}

/** Whether `error` is an `McpError` with code `ConnectionClosed`. */
export function isConnectionClosedError(error: unknown): boolean {
  return isMcpError(error) && error.code === mcpTypesModule.loaded?.ErrorCode.ConnectionClosed;
}
