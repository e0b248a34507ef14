import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRIDGE_PROTOCOL_VERSION } from '../../src/bridge/protocol.js';
import { createUiaBridge, defaultBridgeDir, encodePowerShellCommand, powerShellCommand } from '../../src/bridge/powershell-launcher.js';

const env = { SystemRoot: 'C:\\Windows', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', PATH: 'C:\\Windows\\System32' };

describe('PowerShell launcher', () => {
  it('runs the in-box powershell.exe by absolute path with the bootstrap as -EncodedCommand', () => {
    const { command, args, env: childEnv } = powerShellCommand({ env });
    expect(command).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(args.slice(0, 4)).toEqual(['-NoLogo', '-NoProfile', '-NonInteractive', '-EncodedCommand']);
    expect(args).not.toContain('-ExecutionPolicy');
    const script = Buffer.from(args[4]!, 'base64').toString('utf16le');
    expect(script).toBe(readFileSync(join(defaultBridgeDir(), 'bootstrap.ps1'), 'utf8'));
    expect([command, ...args].join(' ').length).toBeLessThan(32_767); // CreateProcess command-line limit
    expect(childEnv).toMatchObject({
      UFO_TS_BRIDGE_DIR: defaultBridgeDir(),
      UFO_TS_BRIDGE_CACHE: 'C:\\Users\\me\\AppData\\Local\\ufo-ts\\platform-windows',
      UFO_TS_BRIDGE_HOST: 'powershell',
    });
  });

  it('encodes UTF-16LE base64 like PowerShell expects', () => {
    expect(encodePowerShellCommand('dir')).toBe('ZABpAHIA');
  });

  it('ships the bootstrap and the C# sources it loads, and they agree on the entry point', () => {
    const dir = defaultBridgeDir();
    const bootstrap = readFileSync(join(dir, 'bootstrap.ps1'), 'utf8');
    for (const file of ['Server.cs', 'Json.cs', 'Win32.cs', 'WindowOps.cs', 'UiaOps.cs', 'InputOps.cs', 'CaptureOps.cs']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    const server = readFileSync(join(dir, 'Server.cs'), 'utf8');
    expect(server).toMatch(/namespace UfoTs\.UiaBridge/);
    expect(server).toMatch(/public static class Server[\s\S]*public static int Run\(\)/);
    expect(bootstrap).toContain("GetType('UfoTs.UiaBridge.Server').GetMethod('Run')");
    // Refuses to run in Constrained Language Mode with the code the client maps to WINDOWS_BRIDGE_BLOCKED.
    expect(bootstrap).toMatch(/LanguageMode[\s\S]*'helper_blocked'/);
    // Compiles the sources once and caches the DLL by content hash.
    expect(bootstrap).toMatch(/Add-Type -Path \$sources -ReferencedAssemblies \$references -OutputAssembly/);
    expect(bootstrap).toContain('SHA256');
    // Every assembly the C# code uses is referenced.
    for (const name of ['UIAutomationClient', 'UIAutomationTypes', 'WindowsBase', 'System.Drawing']) expect(bootstrap).toContain(`'${name}'`);
    expect(server).toContain(`ProtocolVersion = ${BRIDGE_PROTOCOL_VERSION};`);
  });

  it.skipIf(process.platform === 'win32')('reports "needs Windows" through the client when started elsewhere', async () => {
    const bridge = createUiaBridge();
    try {
      await expect(bridge.request('screens', {})).rejects.toMatchObject({
        code: 'WINDOWS_BRIDGE_UNAVAILABLE',
        message: expect.stringMatching(/needs Windows/),
      });
    } finally {
      await bridge.close();
    }
  });
});
