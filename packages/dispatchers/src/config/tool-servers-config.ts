import { z } from 'zod';

const namespace = z.string().min(1).describe('Server namespace, reported in every Result the server produces');
const reset = z.boolean().default(false).describe('One instance per application (target process, else root) instead of one shared instance');
const timeouts = z.record(z.string(), z.number().int().positive()).optional().describe('Per-tool timeouts in milliseconds, overriding the dispatcher default');

/** A tool server spawned as a child process and spoken to over its stdin/stdout. */
export const StdioServerConfigSchema = z.strictObject({
  namespace,
  transport: z.literal('stdio'),
  /** Executable to run, e.g. `node`. */
  command: z.string().min(1),
  /** Its arguments. */
  args: z.array(z.string()).default([]),
  /** Extra environment variables (added to a safe default set: HOME, PATH, SHELL, TERM, USER, LOGNAME). */
  env: z.record(z.string(), z.string()).optional(),
  /** Pass this process's whole environment instead of the safe default set (env still applies on top). */
  inheritEnv: z.boolean().default(false),
  /** Working directory of the child. */
  cwd: z.string().optional(),
  reset,
  timeouts,
});
/** The data {@link StdioServerConfigSchema} validates. */
export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;

/** A tool server reached over MCP streamable HTTP. */
export const HttpServerConfigSchema = z.strictObject({
  namespace,
  transport: z.literal('http'),
  /** Endpoint URL, e.g. `http://127.0.0.1:8010/mcp`. */
  url: z.url({ protocol: /^https?$/ }),
  /** Headers sent with every request (e.g. `Authorization: Bearer ...`). */
  headers: z.record(z.string(), z.string()).optional(),
  reset,
  timeouts,
});
/** The data {@link HttpServerConfigSchema} validates. */
export type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;

/** A tool server created in this process by a named factory and connected through an in-memory transport. */
export const InProcessServerConfigSchema = z.strictObject({
  namespace,
  transport: z.literal('in-process'),
  /** Name of the factory in the `factories` map given to the dispatcher. */
  factory: z.string().min(1),
  reset,
  timeouts,
});
/** The data {@link InProcessServerConfigSchema} validates. */
export type InProcessServerConfig = z.infer<typeof InProcessServerConfigSchema>;

/** One tool server: `{ namespace, transport: stdio | http | in-process, ... }`. */
export const ServerConfigSchema = z.discriminatedUnion('transport', [StdioServerConfigSchema, HttpServerConfigSchema, InProcessServerConfigSchema]);
/** The data {@link ServerConfigSchema} validates. */
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
/** What {@link ServerConfigSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;

/**
 * The servers of one (agent kind, application root): tools of `data_collection` servers default to type
 * `data_collection`, those of `action` servers to `action` (a tool's `_meta` `ufo/tool_type` overrides).
 */
export const ServerListsSchema = z.strictObject({
  data_collection: z.array(ServerConfigSchema).default([]),
  action: z.array(ServerConfigSchema).default([]),
});
/** The data {@link ServerListsSchema} validates. */
export type ServerLists = z.infer<typeof ServerListsSchema>;

/**
 * Tool-server configuration: agent kind (`HostAgent`, `AppAgent`, `LinuxAgent`, a third-party name) → application
 * root (`gnome-calculator`, `WINWORD.EXE`, ... and the `default` fallback) → server lists.
 */
export const ToolServersConfigSchema = z.record(z.string().min(1), z.record(z.string().min(1), ServerListsSchema));
/** The data {@link ToolServersConfigSchema} validates. */
export type ToolServersConfig = z.infer<typeof ToolServersConfigSchema>;
/** What {@link ToolServersConfigSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type ToolServersConfigInput = z.input<typeof ToolServersConfigSchema>;
