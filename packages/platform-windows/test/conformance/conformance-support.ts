import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createUiaBridge } from '../../src/bridge/powershell-launcher.js';
import { createFileTranscriptRecorder } from '../../src/bridge/transcript.js';
import type { DesktopAppInfo } from '../../src/desktop/window-ops.js';
import { WindowsDesktop } from '../../src/desktop/windows-desktop.js';
import { resolveAllowList } from '../../src/launcher/app-allow-list.js';
import { AppLauncher } from '../../src/launcher/app-launcher.js';

/**
 * A real desktop for the conformance suite: the PowerShell-hosted bridge, and, when UFO_WINDOWS_RECORD_DIR is set,
 * a transcript of every exchange written to `<dir>/<scenario>.transcript.jsonl` (fixtures for the Linux tests).
 */
export function realDesktop(scenario: string) {
  const recordDir = process.env.UFO_WINDOWS_RECORD_DIR;
  let recorder;
  if (recordDir) {
    mkdirSync(recordDir, { recursive: true });
    recorder = createFileTranscriptRecorder(join(recordDir, `${scenario}.transcript.jsonl`), {
      transcript: 1,
      source: `recorded on ${os.version()} ${os.release()} (${os.arch()}) by the platform-windows conformance suite`,
      recordedAt: new Date().toISOString(),
    });
  }
  const bridge = createUiaBridge(recorder ? { recorder } : {});
  const desktop = new WindowsDesktop({ bridge });
  const launcher = new AppLauncher({ allowList: resolveAllowList(), settleMs: 0 });
  return { bridge, desktop, launcher };
}

/** Polls the desktop until a window matches (apps take a moment to open). */
export async function waitForWindow(desktop: WindowsDesktop, match: (w: DesktopAppInfo) => boolean, timeoutMs = 20_000): Promise<DesktopAppInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await desktop.getDesktopAppInfo()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the window did not appear in time');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Polls until `check` holds. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}
