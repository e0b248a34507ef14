import { createToolServer, type McpServer, type ToolDefinition } from '@ufo-ts/dispatchers/server';
import type { UiaBridge } from '../bridge/bridge-client.js';
import { createUiaBridge, type CreateUiaBridgeOptions } from '../bridge/powershell-launcher.js';
import type { WindowsDesktopOptions } from '../desktop/desktop-context.js';
import { WindowsDesktop } from '../desktop/windows-desktop.js';
import { resolveAllowList, type ResolveAllowListOptions } from '../launcher/app-allow-list.js';
import { AppLauncher, type AppLauncherOptions } from '../launcher/app-launcher.js';
import { commandLineTools } from './command-line-tools.js';
import { appUiExecutorTools, hostUiExecutorTools } from './executor-tools.js';
import { uiCollectorTools } from './ui-collector-tools.js';

/** UFO's namespaces for the Windows servers, plus `WindowsUI` (all tools in one server, for stdio/HTTP). */
export const WINDOWS_NAMESPACES = ['UICollector', 'HostUIExecutor', 'AppUIExecutor', 'CommandLineExecutor', 'WindowsUI'] as const;
/** One of {@link WINDOWS_NAMESPACES}. */
export type WindowsNamespace = (typeof WINDOWS_NAMESPACES)[number];

/** Options of {@link createWindowsToolServers}. */
export interface WindowsToolServersOptions extends Omit<WindowsDesktopOptions, 'bridge'> {
  /** The UIA bridge (default: a PowerShell-hosted bridge from `createUiaBridge(bridgeOptions)`). */
  bridge?: UiaBridge;
  /** Options of the default bridge. */
  bridgeOptions?: CreateUiaBridgeOptions;
  /** The application launcher (default: UFO's allow-list resolved on this machine). */
  launcher?: AppLauncher;
  /** How the default launcher's allow-list is resolved. */
  allowList?: ResolveAllowListOptions;
  /** Other options of the default launcher. */
  launcherOptions?: Omit<AppLauncherOptions, 'allowList'>;
  /** Version announced by the servers (default the package version). */
  version?: string;
}

/** The Windows tool servers over one shared desktop state. */
export interface WindowsToolServers {
  /** The state and operations behind every tool. */
  readonly desktop: WindowsDesktop;
  readonly bridge: UiaBridge;
  readonly launcher: AppLauncher;
  /** The tool definitions of a namespace. */
  tools(namespace: WindowsNamespace): ToolDefinition[];
  /** A new MCP server for a namespace (each call a new server; all share the same desktop state). */
  createServer(namespace: WindowsNamespace): McpServer;
  /** In-process factories by namespace, for `LocalCommandDispatcher({ factories })`. */
  readonly factories: Readonly<Record<WindowsNamespace, () => McpServer>>;
  /** Stops the bridge. */
  close(): Promise<void>;
}

/**
 * Builds UFO's Windows tool servers — UICollector, HostUIExecutor, AppUIExecutor, CommandLineExecutor — over one
 * UIA bridge and one selection state (UFO shared a process-wide singleton; here it is this object).
 */
export function createWindowsToolServers(options: WindowsToolServersOptions = {}): WindowsToolServers {
  const { bridge: givenBridge, bridgeOptions, launcher: givenLauncher, allowList, launcherOptions, version, ...desktopOptions } = options;
  const bridge = givenBridge ?? createUiaBridge(bridgeOptions);
  const desktop = new WindowsDesktop({ ...desktopOptions, bridge });
  const launcher = givenLauncher ?? new AppLauncher({ ...launcherOptions, allowList: resolveAllowList(allowList) });
  const tools = (namespace: WindowsNamespace): ToolDefinition[] => {
    switch (namespace) {
      case 'UICollector':
        return uiCollectorTools(desktop);
      case 'HostUIExecutor':
        return hostUiExecutorTools(desktop);
      case 'AppUIExecutor':
        return appUiExecutorTools(desktop);
      case 'CommandLineExecutor':
        return commandLineTools(launcher);
      case 'WindowsUI':
        return [...uiCollectorTools(desktop), ...hostUiExecutorTools(desktop), ...appUiExecutorTools(desktop), ...commandLineTools(launcher)];
    }
  };
  const createServer = (namespace: WindowsNamespace) => createToolServer({ name: namespace, version: version ?? '0.1.0', tools: tools(namespace) });
  const factories = Object.fromEntries(WINDOWS_NAMESPACES.map((ns) => [ns, () => createServer(ns)])) as Record<WindowsNamespace, () => McpServer>;
  return { desktop, bridge, launcher, tools, createServer, factories, close: () => bridge.close() };
}
