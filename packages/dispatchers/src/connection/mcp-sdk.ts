import { errorMessage } from '@ufo-ts/core';
import { LazyModule } from '@ufo-ts/core/internal';
import { ServerStartError } from '../errors.js';

/** A failed import of an MCP SDK module, as the dispatcher's typed error. */
function mcpLoadError(specifier: string, cause: unknown): ServerStartError {
  return new ServerStartError(`cannot load ${specifier}: ${errorMessage(cause)}`, { cause });
}

// Loaded on first use, so importing `@ufo-ts/dispatchers` loads no MCP code and a dispatcher loads the client and
// only the transports its servers use.
/** `@modelcontextprotocol/sdk/client/index.js` (the `Client`). */
export const mcpClientModule = new LazyModule(
  '@modelcontextprotocol/sdk/client/index.js',
  () => import('@modelcontextprotocol/sdk/client/index.js'),
  mcpLoadError,
);
/** `@modelcontextprotocol/sdk/types.js` (`McpError`, `ErrorCode`, notification schemas). */
export const mcpTypesModule = new LazyModule('@modelcontextprotocol/sdk/types.js', () => import('@modelcontextprotocol/sdk/types.js'), mcpLoadError);
/** The stdio client transport. */
export const stdioTransportModule = new LazyModule(
  '@modelcontextprotocol/sdk/client/stdio.js',
  () => import('@modelcontextprotocol/sdk/client/stdio.js'),
  mcpLoadError,
);
/** The streamable HTTP client transport (and `StreamableHTTPError`). */
export const httpTransportModule = new LazyModule(
  '@modelcontextprotocol/sdk/client/streamableHttp.js',
  () => import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  mcpLoadError,
);
/** The in-memory transport of in-process servers. */
export const inMemoryTransportModule = new LazyModule(
  '@modelcontextprotocol/sdk/inMemory.js',
  () => import('@modelcontextprotocol/sdk/inMemory.js'),
  mcpLoadError,
);

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

/** Whether `error` is the SDK's request timeout (`McpError` with code `RequestTimeout`). */
export function isRequestTimeoutError(error: unknown): boolean {
  return isMcpError(error) && error.code === mcpTypesModule.loaded?.ErrorCode.RequestTimeout;
}
