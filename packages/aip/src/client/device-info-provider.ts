import os from 'node:os';
import { errorMessage, type CommandDispatcher } from '@ufo-ts/core';
import { DeviceInfoSchema, type DeviceInfo, type DeviceInfoInput } from '../protocol/device-info.js';
import type { Platform } from '../protocol/enums.js';

/** Options of {@link collectDeviceInfo}. */
export interface CollectDeviceInfoOptions {
  /** The device's client id. */
  clientId: string;
  platform: Platform;
  /** When given, the tools of `agentKinds` are listed into `supported_features` (`tool_type::tool_name`). */
  dispatcher?: CommandDispatcher;
  /** Agent kinds whose tools are listed (default by platform: linux → LinuxAgent, windows → HostAgent and AppAgent). */
  agentKinds?: readonly string[];
  /** Values that override what was detected (e.g. from a device config file). */
  overrides?: Partial<DeviceInfoInput>;
  /** Receives a warning when the tools cannot be listed. */
  onWarning?: (message: string) => void;
}

/** Default agent kinds of a platform (the ones its sessions will use). */
export function agentKindsFor(platform: Platform): string[] {
  return platform === 'windows' ? ['HostAgent', 'AppAgent'] : platform === 'linux' ? ['LinuxAgent'] : [];
}

/**
 * Describes this machine (platform, OS, CPUs, memory, hostname, address) and the tools its tool servers offer,
 * as sent in REGISTER (the original `DeviceInfoProvider`).
 */
export async function collectDeviceInfo(options: CollectDeviceInfoOptions): Promise<DeviceInfo> {
  const features = new Set<string>();
  if (options.dispatcher) {
    for (const agent of options.agentKinds ?? agentKindsFor(options.platform)) {
      try {
        for (const tool of await options.dispatcher.listTools({ target: { agent } })) features.add(`${tool.tool_type}::${tool.name}`);
      } catch (error) {
        options.onWarning?.(`could not list the tools of ${agent}: ${errorMessage(error)}`);
      }
    }
  }
  return DeviceInfoSchema.parse({
    os_version: `${os.type()} ${os.release()}`,
    cpu_count: os.cpus().length,
    memory_total_gb: Math.round((os.totalmem() / 1024 ** 3) * 100) / 100,
    hostname: os.hostname(),
    ...(firstAddress() ? { ip_address: firstAddress() } : {}),
    supported_features: [...features],
    platform_type: 'computer',
    schema_version: '1.0',
    custom_metadata: { node: process.version, arch: os.arch() },
    ...options.overrides,
    // the identity is not overridable: the server pins it at registration
    device_id: options.clientId,
    platform: options.platform,
  });
}

function firstAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}
