import { describe, expect, it } from 'vitest';
import type { UiaBridge } from '../../src/bridge/bridge-client.js';
import type { BridgeOp, ElementRecord, WindowRecord } from '../../src/bridge/protocol.js';
import { WindowsDesktop } from '../../src/desktop/windows-desktop.js';
import { BridgeRequestError } from '../../src/errors.js';

// A bridge answered in-process by handlers, to reach fallbacks the recorded transcripts do not contain.
function scriptedBridge(handlers: Partial<Record<BridgeOp, (args: Record<string, unknown>) => unknown>>) {
  const sent: { op: string; args: Record<string, unknown> }[] = [];
  const bridge: UiaBridge = {
    generation: 1,
    async request(op, args) {
      sent.push({ op, args: args as Record<string, unknown> });
      const handler = handlers[op];
      if (!handler) throw new Error(`unexpected op ${op}`);
      return handler(args as Record<string, unknown>) as never;
    },
    close: async () => {},
  };
  return { bridge, sent };
}

const window: WindowRecord = {
  hwnd: 10,
  title: 'Editor',
  className: 'Ed',
  pid: 1,
  processName: 'ed.exe',
  rect: { left: 0, top: 0, right: 100, bottom: 100 },
  visible: true,
  minimized: false,
  maximized: false,
  active: true,
  enabled: true,
  ownerHwnd: 0,
  popup: false,
  toolWindow: false,
  topmost: false,
  cloaked: false,
  controlType: 'Window',
};
const element = (patterns: ElementRecord['patterns']): ElementRecord => ({
  ref: 's1.1',
  rootHwnd: 10,
  controlType: 'Edit',
  name: 'Body',
  automationId: 'body',
  className: 'Edit',
  frameworkId: 'Win32',
  rect: { left: 10, top: 10, right: 50, bottom: 30 },
  isEnabled: true,
  isOffscreen: false,
  runtimeId: [1],
  patterns,
  selected: null,
});

async function ready(patterns: ElementRecord['patterns'], extra: Parameters<typeof scriptedBridge>[0] = {}) {
  const { bridge, sent } = scriptedBridge({
    listWindows: () => ({ windows: [window] }),
    windowState: () => ({ window }),
    focusWindow: () => ({ foreground: true }),
    snapshot: () => ({ snapshotId: 1, elements: [element(patterns)], truncated: false, elapsedMs: 1 }),
    elementInfo: () => ({ element: element(patterns) }),
    focusElement: () => ({ focused: true }),
    screens: () => ({ virtualScreen: { left: 0, top: 0, right: 100, bottom: 100 }, monitors: [] }),
    input: (a) => ({ sent: (a.events as unknown[]).length }),
    ...extra,
  });
  const desktop = new WindowsDesktop({ bridge, typingPauseMs: 0, keyboardPauseMs: 0 });
  await desktop.getDesktopAppInfo();
  await desktop.selectApplicationWindow('1', 'Editor');
  await desktop.getAppWindowControlsTargetInfo();
  sent.splice(0);
  return { desktop, sent };
}

describe('action fallbacks', () => {
  it('accepts a ValuePattern read-back that uses \\r line breaks', async () => {
    const { desktop, sent } = await ready(['value'], {
      setValue: (a) => ({ value: String(a.value).replace(/\n/g, '\r') }),
    });
    expect(await desktop.setEditText('1', 'Body', 'a\nb', true)).toBe('Set the text of control 1:Body (value pattern).');
    expect(sent.map((s) => s.op)).not.toContain('input');
  });

  it('types when the value is read-only', async () => {
    const { desktop, sent } = await ready(['value'], {
      getText: () => ({ name: 'Body', value: 'x', text: null }),
      setValue: () => {
        throw new BridgeRequestError('setValue', 'access_denied', 'the value is read-only');
      },
    });
    expect(await desktop.setEditText('1', 'Body', 'y')).toBe('Set the text of control 1:Body (typing).');
    const events = sent.find((s) => s.op === 'input')?.args.events as { kind: string; vk?: number }[];
    expect(events.filter((e) => e.kind === 'key').map((e) => e.vk)).toEqual([17, 35, 35, 17]); // Ctrl+End, then the text
  });

  it('clicks with the mouse when the pattern call is refused', async () => {
    const { desktop, sent } = await ready(['invoke'], {
      invokePattern: () => {
        throw new BridgeRequestError('invokePattern', 'pattern_unsupported', 'no');
      },
    });
    expect(await desktop.clickInput('1', 'Body')).toBe('Clicked control 1:Body (mouse click).');
    expect(sent.map((s) => s.op)).toEqual(['windowState', 'invokePattern', 'elementInfo', 'focusWindow', 'screens', 'input']);
  });

  it('sends keys to the window without focusing a control when control_focus is false', async () => {
    const { desktop, sent } = await ready([]);
    await desktop.keyboardInput('1', 'Body', '%{F4}', false);
    expect(sent.map((s) => s.op)).toEqual(['windowState', 'focusWindow', 'input']);
  });

  it('refuses to click a control without a visible area', async () => {
    const { desktop } = await ready([], {
      elementInfo: () => ({ element: { ...element([]), rect: { left: 0, top: 0, right: 0, bottom: 0 } } }),
    });
    await expect(desktop.clickInput('1', 'Body')).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
