import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BridgeLauncher } from '../../src/bridge/bridge-client.js';

/** Fault injection and replay options understood by fake-bridge.mjs. */
export interface FakeBridgeOptions {
  transcript?: string;
  log?: string;
  crashOnOp?: string;
  crashMarker?: string;
  hangOnOp?: string;
  chunkBytes?: number;
  noise?: boolean;
  exitBeforeHello?: boolean;
  blocked?: boolean;
  protocol?: number;
}

export const FAKE_BRIDGE_SCRIPT = fileURLToPath(new URL('./fake-bridge.mjs', import.meta.url));

/** Path of a transcript in test/__fixtures__. */
export const fixturePath = (name: string): string => fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url));

/** A launcher that starts the fake bridge as a real child process. */
export function fakeBridgeLauncher(options: FakeBridgeOptions): BridgeLauncher {
  return () =>
    spawn(process.execPath, [FAKE_BRIDGE_SCRIPT], {
      env: { ...process.env, FAKE_BRIDGE_OPTIONS: JSON.stringify(options) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
}
