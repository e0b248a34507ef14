import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_PROTOCOL_VERSION } from '../../src/bridge/protocol.js';
import { ControlVanishedError, WindowVanishedError } from '../../src/errors.js';
import { rectHeight, rectWidth } from '../../src/geometry/rect.js';
import { eventually, realDesktop, waitForWindow } from './conformance-support.js';

// The conformance suite drives real applications through the real PowerShell-hosted bridge. It needs an
// interactive Windows 10/11 session with an English UI (it finds Calculator buttons by AutomationId, but Notepad
// and Calculator windows by their process). Run it with: node packages/platform-windows/scripts/run-conformance.mjs
const onWindows = process.platform === 'win32';
if (!onWindows) {
  console.warn(
    `skipped: not Windows (${process.platform}) — the Windows conformance suite (Notepad, Calculator) runs only on a real Windows desktop; see docs/windows.md`,
  );
}

describe.skipIf(!onWindows)('Windows conformance: bridge', () => {
  const { bridge, desktop } = realDesktop('bridge');
  afterAll(() => bridge.close());

  it('starts the PowerShell-hosted bridge, per-monitor DPI aware', async () => {
    const hello = await bridge.start();
    expect(hello.protocol).toBe(BRIDGE_PROTOCOL_VERSION);
    expect(hello.host).toBe('powershell');
    expect(hello.dpiAwareness).toBe('perMonitorV2');
  }, 120_000);

  it('lists monitors and captures all of them as one image in physical pixels', async () => {
    const { virtualScreen, monitors } = await desktop.screens();
    expect(monitors.length).toBeGreaterThan(0);
    expect(monitors.filter((m) => m.primary)).toHaveLength(1);
    const shot = await desktop.captureDesktopScreenshot(true);
    expect(shot.width).toBe(rectWidth(virtualScreen));
    expect(shot.height).toBe(rectHeight(virtualScreen));
  }, 60_000);
});

describe.skipIf(!onWindows)('Windows conformance: Notepad', () => {
  const { bridge, desktop, launcher } = realDesktop('notepad');
  let pid = 0;
  beforeAll(async () => {
    await launcher.launch('notepad');
    const window = await waitForWindow(desktop, (w) => w.process_name.toLowerCase() === 'notepad.exe');
    const selected = await desktop.selectApplicationWindow(window.id, window.name);
    pid = selected.window_info.process_id;
  }, 120_000);
  afterAll(async () => {
    try {
      if (pid) process.kill(pid);
    } catch {
      // already closed by the test
    }
    await bridge.close();
  });

  const editor = async () => {
    const controls = await desktop.getAppWindowControlsTargetInfo();
    const edit = controls.find((c) => c.type === 'Document' || c.type === 'Edit');
    expect(edit, JSON.stringify(controls.map((c) => [c.id, c.type, c.name]))).toBeDefined();
    return edit!;
  };

  it('enumerates its controls with ids 1..N, including the text area', async () => {
    const controls = await desktop.getAppWindowControlsTargetInfo();
    expect(controls.map((c) => c.id)).toEqual(controls.map((_, i) => String(i + 1)));
    expect(controls.some((c) => c.type === 'Document' || c.type === 'Edit')).toBe(true);
  }, 60_000);

  it('sets text (ValuePattern or typing) and reads it back, Unicode included', async () => {
    const edit = await editor();
    const text = 'Hello from ufo-ts: 价格 = 5€ 😀';
    await desktop.setEditText(edit.id, edit.name, text, true);
    await eventually(async () => (await desktop.texts(edit.id, edit.name)).includes(text));
  }, 60_000);

  it('types pywinauto key syntax through SendInput', async () => {
    const edit = await editor();
    await desktop.keyboardInput(edit.id, edit.name, '^a{DELETE}abc+(de){ENTER}x');
    await eventually(async () => (await desktop.texts(edit.id, edit.name)).replace(/\r\n?/g, '\n').startsWith('abcDE\nx'));
  }, 60_000);

  it('captures the window with the same size as its rectangle, and annotates it', async () => {
    const info = await desktop.getAppWindowInfo(['control_rect']);
    const [l, t, r, b] = info.control_rect as number[];
    const shot = await desktop.captureWindowScreenshot();
    expect(Math.abs(shot.width - (r! - l!))).toBeLessThanOrEqual(2);
    expect(Math.abs(shot.height - (b! - t!))).toBeLessThanOrEqual(2);
    const annotated = await desktop.captureAnnotatedWindowScreenshot();
    expect(annotated.controls.length).toBeGreaterThan(0);
    expect(annotated.image).not.toBe(shot.image);
  }, 60_000);

  it('reads the UI tree', async () => {
    const tree = await desktop.getUiTree();
    expect(tree.control_type).toBe('Window');
    expect(tree.children.length).toBeGreaterThan(0);
  }, 60_000);

  it('enumerates the controls of its Save As dialog with its own, then closes it', async () => {
    const edit = await editor();
    await desktop.keyboardInput(edit.id, edit.name, '^+s');
    let controls = await desktop.getAppWindowControlsTargetInfo();
    await eventually(async () => {
      controls = await desktop.getAppWindowControlsTargetInfo();
      return controls.some((c) => c.window_handle !== controls[0]?.window_handle);
    });
    const dialogControls = controls.filter((c) => c.window_handle !== controls[0]?.window_handle);
    expect(dialogControls.some((c) => c.type === 'Edit' || c.type === 'ComboBox')).toBe(true);
    await desktop.keyboardInput('', '', '{ESC}', false);
  }, 60_000);

  it('fails clearly once the window is gone', async () => {
    const controls = await desktop.getAppWindowControlsTargetInfo();
    process.kill(pid);
    pid = 0;
    await eventually(async () => !(await desktop.getDesktopAppInfo()).some((w) => w.process_name.toLowerCase() === 'notepad.exe'));
    await expect(desktop.captureWindowScreenshot()).rejects.toBeInstanceOf(WindowVanishedError);
    const first = controls[0]!;
    const click = desktop.clickInput(first.id, first.name).catch((e: unknown) => e);
    expect(await click).toSatisfy((e: unknown) => e instanceof WindowVanishedError || e instanceof ControlVanishedError);
  }, 60_000);
});

describe.skipIf(!onWindows)('Windows conformance: Calculator', () => {
  const { bridge, desktop, launcher } = realDesktop('calculator');
  afterAll(() => bridge.close());

  it('computes 1 + 2 = 3 by clicking buttons found by AutomationId, then closes with Alt+F4', async () => {
    await launcher.launch('calc');
    const window = await waitForWindow(desktop, (w) => /calc/i.test(w.name) || w.process_name.toLowerCase() === 'calculatorapp.exe');
    await desktop.selectApplicationWindow(window.id, window.name);
    let controls: Record<string, unknown>[] = [];
    await eventually(async () => {
      controls = await desktop.getAppWindowControlsInfo(['automation_id', 'control_text', 'control_type']);
      return controls.some((c) => c.automation_id === 'equalButton');
    }, 20_000);
    const byAid = (aid: string) => {
      const c = controls.find((x) => x.automation_id === aid);
      expect(c, aid).toBeDefined();
      return c as { label: string; control_text: string };
    };
    for (const aid of ['clearButton', 'num1Button', 'plusButton', 'num2Button', 'equalButton']) {
      const c = controls.find((x) => x.automation_id === aid);
      if (!c && aid === 'clearButton') continue;
      await desktop.clickInput(byAid(aid).label, byAid(aid).control_text);
    }
    const display = byAid('CalculatorResults');
    await eventually(async () => /\b3\b/.test(await desktop.texts(display.label, display.control_text).catch(() => '')));
    await desktop.keyboardInput('', '', '%{F4}', false);
    await eventually(async () => !(await desktop.getDesktopAppInfo()).some((w) => w.name === window.name));
  }, 120_000);
});
