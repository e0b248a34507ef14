/**
 * `@ufo-ts/dispatchers/server`: a small helper for writing MCP tool servers (used by the platform packages).
 * Define tools with zod input schemas, build a server, and serve it over stdio or streamable HTTP.
 */
export { defineTool } from './server/define-tool.js';
export type { DefineToolOptions, ToolDefinition, ToolHandlerExtra } from './server/define-tool.js';
export { createToolServer } from './server/create-tool-server.js';
export type { CreateToolServerOptions } from './server/create-tool-server.js';
export { serveStdio } from './server/serve-stdio.js';
export type { ServeStdioOptions } from './server/serve-stdio.js';
export { serveHttp } from './server/serve-http.js';
export type { HttpToolServer, ServeHttpOptions } from './server/serve-http.js';
export { encodeToolResult, encodeToolError } from './server/tool-result.js';
export { TOOL_TYPE_META_KEY, TOOL_TIMEOUT_META_KEY, RESULT_WRAPPED_META_KEY } from './shared/meta-keys.js';
export { ToolDefinitionError, ToolServerListenError, DispatchError } from './errors.js';
export type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
