import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDefinition } from './define-tool.js';
import { runTool } from './run-tool.js';
import { TOOL_TIMEOUT_META_KEY, TOOL_TYPE_META_KEY } from '../shared/meta-keys.js';

/** Options of {@link createToolServer}. */
export interface CreateToolServerOptions {
  /** Server name announced in the MCP handshake (e.g. `linux-ui`). */
  name: string;
  /** Server version announced in the MCP handshake. Default `0.0.0`. */
  version?: string;
  /** The tools, built with {@link defineTool}. Names must be unique. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: readonly ToolDefinition<any>[];
  /** Optional instructions sent to clients in the handshake. */
  instructions?: string;
}

/**
 * Builds an MCP server (the SDK's `McpServer`) offering the given tools, each registered with `registerTool`:
 * zod input schema, description, and `_meta` carrying `ufo/tool_type` (and `ufo/timeout_ms` when set).
 * Serve it with {@link serveStdio}, {@link serveHttp} (one server per session: pass a factory), or connect it
 * in-process.
 *
 * @example
 * ```ts
 * const server = createToolServer({
 *   name: 'linux-ui',
 *   version: '1.0.0',
 *   tools: [defineTool({ name: 'type_text', description: 'Types text into the focused control.', input: z.object({ text: z.string() }), handler: async ({ text }) => ({ typed: text.length }) })],
 * });
 * ```
 */
export function createToolServer(options: CreateToolServerOptions): McpServer {
  const server = new McpServer(
    { name: options.name, version: options.version ?? '0.0.0' },
    { capabilities: { tools: {} }, ...(options.instructions ? { instructions: options.instructions } : {}) },
  );
  for (const tool of options.tools) {
    const meta: Record<string, unknown> = { [TOOL_TYPE_META_KEY]: tool.toolType };
    if (tool.timeoutMs !== undefined) meta[TOOL_TIMEOUT_META_KEY] = tool.timeoutMs;
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.input, _meta: meta },
      // The SDK has validated the arguments against `tool.input` before calling us.
      (args: unknown, extra: { signal: AbortSignal }) => runTool(tool as ToolDefinition, (args ?? {}) as Record<string, unknown>, extra.signal),
    );
  }
  return server;
}
