import {
  createToolServer,
  serveHttp,
  serveStdio,
  type HttpToolServer,
  type McpServer,
  type ServeHttpOptions,
  type ServeStdioOptions,
  type ToolDefinition,
} from '@ufo-ts/dispatchers/server';
import { AppAllowListSchema, DEFAULT_APP_ALLOW_LIST, type AppAllowList } from '../desktop/app-allow-list.js';
import { DesktopSession, type DesktopSessionOptions } from '../desktop/desktop-session.js';
import { ServerConfigError } from '../errors.js';
import { compileShellPolicy, type CompiledShellPolicy } from '../shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../shell/default-shell-policy.js';
import type { ShellPolicy, ShellPolicyInput } from '../shell/shell-policy.js';
import { controlTools } from '../tools/control-tools.js';
import { inputTools } from '../tools/input-tools.js';
import { screenshotTools } from '../tools/screenshot-tools.js';
import { shellTools } from '../tools/shell-tools.js';
import type { LinuxToolContext } from '../tools/tool-context.js';
import { windowTools } from '../tools/window-tools.js';
import { screenTextSetup, type LinuxOcrOptions } from './screen-text-setup.js';

/** Tool groups a server can offer. */
export type LinuxToolGroup = 'data_collection' | 'action' | 'shell';

/** The desktop the tools act on: a harness `Desktop`, or the display and bus of an existing session. */
export interface DesktopAddress {
  /** X display, e.g. `:3`. */
  display: string;
  /** D-Bus session bus address of that desktop (where `org.a11y.Bus` is). */
  sessionBusAddress: string;
  /** Environment for launched applications; default: this process's, with DISPLAY and the bus address set. */
  env?: Readonly<Record<string, string>>;
}

/** Options of {@link createLinuxToolServer}. */
export interface LinuxToolServerOptions {
  /** The desktop (needed unless `groups` is only `['shell']`). */
  desktop?: DesktopAddress;
  /** Tool groups to offer. Default: all three. */
  groups?: readonly LinuxToolGroup[];
  /** Applications `launch_application` may start. Default {@link DEFAULT_APP_ALLOW_LIST}. */
  apps?: AppAllowList;
  /** Shell policy (default: `createDefaultShellPolicy()`); `false` leaves `run_shell` out. */
  shell?: ShellPolicy | ShellPolicyInput | false;
  /** The environment shell commands take their `env.pass` variables (secrets) from. Default `process.env`. */
  serverEnv?: NodeJS.ProcessEnv;
  /** Server name in the MCP handshake. Default `ufo-linux`. */
  name?: string;
  /** Timeout of each accessibility call in milliseconds. Default 5000. */
  atspiCallTimeoutMs?: number;
  /**
   * Text read from the screen (OCR) as listed entries with ids: mode `auto` (default: only the large parts of a
   * window the accessibility tree leaves undescribed, and all of an app without a tree), `always` or `off`, and
   * the recognizer (default: Tesseract, started on first use).
   */
  ocr?: LinuxOcrOptions;
  /** How control listings read the accessible tree: node budget and event-invalidated cache (see `DesktopSessionOptions`). */
  treeReading?: DesktopSessionOptions['treeReading'];
  /** Time for the desktop session's waits and listing ages (see `DesktopSessionOptions`). Default the system clock. */
  clock?: DesktopSessionOptions['clock'];
}

/** Options of {@link LinuxToolServer.serveHttp}. */
export interface LinuxHttpOptions extends Omit<ServeHttpOptions, 'host' | 'token'> {
  /**
   * Bearer token every request must carry. Default: `UFO_MCP_TOKEN` from the server environment. `null` serves
   * without a token (loopback only anyway); leaving both unset is refused.
   */
  token?: string | null;
}

/** Tool servers for one desktop, sharing one session (selected window, control ids) across all MCP sessions. */
export interface LinuxToolServer {
  /** The tool definitions (for in-process use or inspection). */
  readonly tools: readonly ToolDefinition[];
  /** The shared desktop session (undefined for a shell-only server). */
  readonly session: DesktopSession | undefined;
  /** The compiled shell policy, when `run_shell` is offered. */
  readonly shellPolicy: CompiledShellPolicy | undefined;
  /** A new MCP server offering the tools (one per MCP session; use as the factory of `serveHttp`). */
  createServer(): McpServer;
  /** Serves over this process's stdin/stdout. */
  serveStdio(options?: ServeStdioOptions): Promise<void>;
  /** Serves over streamable HTTP on 127.0.0.1, with DNS-rebinding checks and a bearer token. */
  serveHttp(options?: LinuxHttpOptions): Promise<HttpToolServer>;
  /** Closes HTTP listeners started here and the desktop connections. */
  close(): Promise<void>;
}

/**
 * An action tool that marks the session before and after it runs, so no listing made before the action is reused
 * (an annotated screenshot after a click lists the window anew).
 */
function markingActions(tool: ToolDefinition, session: DesktopSession): ToolDefinition {
  return {
    ...tool,
    handler: async (args, extra) => {
      session.noteAction();
      try {
        return await tool.handler(args, extra);
      } finally {
        session.noteAction();
      }
    },
  };
}

/**
 * Builds the Linux tool servers for a running desktop: data collection (windows, controls, screenshots),
 * actions (clicks, text, keys, scrolling, launching, closing, waiting) and the policy-checked shell.
 */
export async function createLinuxToolServer(options: LinuxToolServerOptions = {}): Promise<LinuxToolServer> {
  const groups = new Set(options.groups ?? ['data_collection', 'action', 'shell']);
  const serverEnv = options.serverEnv ?? process.env;
  const apps = AppAllowListSchema.parse(options.apps ?? DEFAULT_APP_ALLOW_LIST);
  const shellPolicy = groups.has('shell') && options.shell !== false ? compileShellPolicy(options.shell ?? createDefaultShellPolicy()) : undefined;
  const needsDesktop = groups.has('data_collection') || groups.has('action');
  if (needsDesktop && !options.desktop)
    throw new ServerConfigError('the desktop tools need a desktop: pass desktop {display, sessionBusAddress} (e.g. from startDesktop())');

  let session: DesktopSession | undefined;
  const tools: ToolDefinition[] = [];
  const screenText = screenTextSetup(options.ocr);
  if (needsDesktop && options.desktop) {
    const desktop = options.desktop;
    session = await DesktopSession.open({
      display: desktop.display,
      sessionBusAddress: desktop.sessionBusAddress,
      atspiCallTimeoutMs: options.atspiCallTimeoutMs,
      ocr: screenText.options,
      ...(options.treeReading ? { treeReading: options.treeReading } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    }).catch(async (error: unknown) => {
      await screenText.close();
      throw error;
    });
    const appEnv: NodeJS.ProcessEnv = desktop.env
      ? { ...desktop.env }
      : { ...process.env, DISPLAY: desktop.display, DBUS_SESSION_BUS_ADDRESS: desktop.sessionBusAddress };
    const ctx: LinuxToolContext = { session, apps, appEnv };
    const all = [...windowTools(ctx), ...controlTools(ctx), ...screenshotTools(ctx), ...inputTools(ctx)];
    for (const tool of all) if (groups.has(tool.toolType)) tools.push(tool.toolType === 'action' ? markingActions(tool, session) : tool);
  }
  if (shellPolicy) tools.push(...shellTools(shellPolicy, serverEnv));

  const name = options.name ?? 'ufo-linux';
  const http: HttpToolServer[] = [];
  const createServer = (): McpServer => createToolServer({ name, version: '0.1.0', tools });
  return {
    tools,
    session,
    shellPolicy,
    createServer,
    serveStdio: (stdioOptions) => serveStdio(createServer(), stdioOptions),
    async serveHttp(httpOptions = {}) {
      const { token: tokenOption, ...rest } = httpOptions;
      const token = tokenOption === null ? undefined : (tokenOption ?? serverEnv.UFO_MCP_TOKEN);
      if (token === undefined && tokenOption !== null) {
        throw new ServerConfigError('serving over HTTP needs a token: pass token, set UFO_MCP_TOKEN, or pass token: null to serve without one');
      }
      const server = await serveHttp(createServer, { ...rest, host: '127.0.0.1', ...(token === undefined ? {} : { token }) });
      http.push(server);
      return server;
    },
    async close() {
      await Promise.allSettled(http.map((s) => s.close()));
      session?.close();
      await screenText.close();
    },
  };
}
