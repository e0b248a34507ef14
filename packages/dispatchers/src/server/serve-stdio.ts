import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Input stream. Default `process.stdin`. */
  stdin?: Readable;
  /** Output stream (MCP messages only). Default `process.stdout`. */
  stdout?: Writable;
  /**
   * Exit the process (code 0) once stdin ends, i.e. when the client closes the pipe or dies, so a server is
   * never left behind. Default `true` when serving on `process.stdin`.
   */
  exitOnStdinEnd?: boolean;
  /**
   * Send `console.log/info/debug` to stderr: anything else on stdout would corrupt the MCP stream.
   * Default `true` when serving on `process.stdout`.
   */
  redirectConsoleToStderr?: boolean;
}

/**
 * Serves an MCP server over stdio (the process's own stdin/stdout by default). Resolves once the server is
 * listening. When stdin ends the server is closed and, by default, the process exits.
 *
 * @example
 * ```ts
 * await serveStdio(createToolServer({ name: 'linux-ui', version: '1.0.0', tools }));
 * ```
 */
export async function serveStdio(server: McpServer, options: ServeStdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const usesProcessStreams = stdin === process.stdin;
  if (options.redirectConsoleToStderr ?? stdout === process.stdout) {
    const toStderr = (...args: unknown[]): void => console.error(...args);
    console.log = toStderr;
    console.info = toStderr;
    console.debug = toStderr;
  }
  const transport = new StdioServerTransport(stdin, stdout);
  await server.connect(transport);
  const exitOnEnd = options.exitOnStdinEnd ?? usesProcessStreams;
  let ended = false;
  const onEnd = (): void => {
    if (ended) return;
    ended = true;
    void server
      .close()
      .catch(() => undefined)
      .finally(() => {
        if (exitOnEnd) process.exit(0);
      });
  };
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
}
