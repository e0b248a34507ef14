import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BridgeError } from '../errors.js';
import { UiaBridgeClient, type BridgeLauncher, type UiaBridgeClientOptions } from './bridge-client.js';

/** Options of {@link createPowerShellLauncher}. */
export interface PowerShellLauncherOptions {
  /** powershell.exe to run (default the in-box `%SystemRoot%\System32\WindowsPowerShell\v1.0\powershell.exe`). */
  powershellPath?: string;
  /** Folder with `bootstrap.ps1` and the bridge's `*.cs` files (default: the `bridge` folder of this package). */
  bridgeDir?: string;
  /** Where the compiled bridge DLL is cached (default `%LOCALAPPDATA%\ufo-ts\platform-windows`). */
  cacheDir?: string;
  /** Environment of the bridge process (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Start even when not on Windows (tests of the command line only). */
  allowNonWindows?: boolean;
}

/** The package's `bridge` folder, from `dist/` or from `src/bridge/`. */
export function defaultBridgeDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../bridge'), path.resolve(here, '../../bridge')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'Server.cs')));
  if (!found) throw new BridgeError('WINDOWS_BRIDGE_UNAVAILABLE', `the bridge sources were not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** PowerShell's `-EncodedCommand` form of a script: base64 of its UTF-16LE bytes. */
export function encodePowerShellCommand(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

/** The command line that starts the bridge: executable, arguments and environment. */
export function powerShellCommand(options: PowerShellLauncherOptions = {}): {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
} {
  const env = options.env ?? process.env;
  const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
  const bridgeDir = options.bridgeDir ?? defaultBridgeDir();
  const cacheDir =
    options.cacheDir ??
    (env.LOCALAPPDATA ? path.win32.join(env.LOCALAPPDATA, 'ufo-ts', 'platform-windows') : path.join(os.tmpdir(), 'ufo-ts-platform-windows'));
  const script = readFileSync(path.join(bridgeDir, 'bootstrap.ps1'), 'utf8');
  return {
    command: options.powershellPath ?? path.win32.join(systemRoot, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe'),
    // -EncodedCommand is not subject to the execution policy (no -ExecutionPolicy Bypass, which some AV flags).
    args: ['-NoLogo', '-NoProfile', '-NonInteractive', '-EncodedCommand', encodePowerShellCommand(script)],
    env: {
      ...env,
      UFO_TS_BRIDGE_DIR: bridgeDir,
      UFO_TS_BRIDGE_CACHE: cacheDir,
      UFO_TS_BRIDGE_HOST: 'powershell',
    },
  };
}

/**
 * A launcher that hosts the C# bridge in the in-box Windows PowerShell 5.1: nothing to install or compile at
 * `npm install`. The first start compiles the bridge with the .NET Framework compiler that ships with Windows
 * (a few seconds) and caches the DLL; later starts load it.
 */
export function createPowerShellLauncher(options: PowerShellLauncherOptions = {}): BridgeLauncher {
  return () => {
    if (process.platform !== 'win32' && !options.allowNonWindows) {
      throw new BridgeError('WINDOWS_BRIDGE_UNAVAILABLE', `the UIA bridge needs Windows (this is ${process.platform}); use a fake bridge to test off Windows`);
    }
    const { command, args, env } = powerShellCommand(options);
    return spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  };
}

/** Options of {@link createUiaBridge}. */
export type CreateUiaBridgeOptions = Omit<UiaBridgeClientOptions, 'launcher'> & {
  /** How to start PowerShell (defaults are right for stock Windows 10/11). */
  powershell?: PowerShellLauncherOptions;
};

/** The UIA bridge client over Windows PowerShell (the default bridge of `createWindowsToolServers`). */
export function createUiaBridge(options: CreateUiaBridgeOptions = {}): UiaBridgeClient {
  const { powershell, ...client } = options;
  return new UiaBridgeClient({ ...client, launcher: createPowerShellLauncher(powershell) });
}
