import { UiaBridgeClient } from '../../src/bridge/bridge-client.js';
import type { InputEvent } from '../../src/bridge/protocol.js';
import type { TranscriptEntry } from '../../src/bridge/transcript.js';
import { WindowsDesktop } from '../../src/desktop/windows-desktop.js';
import type { WindowsDesktopOptions } from '../../src/desktop/desktop-context.js';
import { fakeBridgeLauncher, fixturePath, type FakeBridgeOptions } from './fake-bridge.js';

/** A WindowsDesktop over the fake bridge replaying a fixture, recording every exchange. */
export function fakeDesktop(fixture: string, options: Partial<Omit<WindowsDesktopOptions, 'bridge'>> = {}, fake: FakeBridgeOptions = {}) {
  const exchanges: TranscriptEntry[] = [];
  const bridge = new UiaBridgeClient({
    launcher: fakeBridgeLauncher({ transcript: fixturePath(fixture), ...fake }),
    recorder: (entry) => exchanges.push(entry),
  });
  const desktop = new WindowsDesktop({ bridge, typingPauseMs: 0, keyboardPauseMs: 0, ...options });
  return {
    desktop,
    bridge,
    exchanges,
    /** Ops sent since the last call to `clear()`. */
    ops: () => exchanges.filter((e) => e.op !== 'hello').map((e) => e.op),
    clear: () => exchanges.splice(0),
    /** Input events of every `input` request. */
    inputs: (): InputEvent[] => exchanges.filter((e) => e.op === 'input').flatMap((e) => (e.args as { events: InputEvent[] }).events),
    close: () => bridge.close(),
  };
}

export type FakeDesktop = ReturnType<typeof fakeDesktop>;

/** Caught error of a promise (fails the test if it resolves). */
export async function caught(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the call to fail');
}
