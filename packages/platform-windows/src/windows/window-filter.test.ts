import { describe, expect, it } from 'vitest';
import type { WindowRecord } from '../bridge/protocol.js';
import { filterDesktopWindows, labelWindows, relatedWindows } from './window-filter.js';
import { windowInfo } from './window-info.js';

function win(hwnd: number, title: string, extra: Partial<WindowRecord> = {}): WindowRecord {
  return {
    hwnd,
    title,
    className: 'Window',
    pid: 10,
    processName: 'app.exe',
    rect: { left: 0, top: 0, right: 800, bottom: 600 },
    visible: true,
    minimized: false,
    maximized: false,
    active: false,
    enabled: true,
    ownerHwnd: 0,
    popup: false,
    toolWindow: false,
    topmost: false,
    cloaked: false,
    controlType: 'Window',
    ...extra,
  };
}

const desktop = [
  win(1, 'Save As', { ownerHwnd: 2, popup: true, className: '#32770', pid: 20 }),
  win(2, 'Untitled - Notepad', { pid: 20, enabled: false }),
  win(3, '', { pid: 30 }),
  win(4, 'Default IME', { className: 'IME', pid: 20 }),
  win(5, 'Calculator', { cloaked: true, pid: 40 }),
  win(6, 'hidden', { visible: false }),
  win(7, 'Confirm Save As', { ownerHwnd: 1, popup: true, pid: 20 }),
  win(8, 'Context', { className: '#32768', popup: true, pid: 20 }),
  win(9, 'Other app dialog', { ownerHwnd: 99, popup: true, pid: 50 }),
  win(10, 'Program Manager', { className: 'Progman', pid: 60 }),
];

describe('filterDesktopWindows', () => {
  it('keeps visible titled windows in z-order, including owned and modal ones, and drops IME and cloaked windows', () => {
    expect(filterDesktopWindows(desktop).map((w) => w.hwnd)).toEqual([1, 2, 7, 8, 9, 10]);
  });
  it('keeps untitled and IME windows with removeEmpty false, and cloaked ones when asked', () => {
    expect(filterDesktopWindows(desktop, { removeEmpty: false, dropCloaked: false }).map((w) => w.hwnd)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
  });
  it('excludes given processes', () => {
    expect(filterDesktopWindows(desktop, { excludePids: [20] }).map((w) => w.hwnd)).toEqual([9, 10]);
  });
});

describe('relatedWindows', () => {
  it('finds dialogs owned by the selected window, transitively, and popups of its process', () => {
    const notepad = desktop[1]!;
    expect(relatedWindows(notepad, desktop).map((w) => w.title)).toEqual(['Save As', 'Confirm Save As', 'Context']);
  });
  it('finds nothing for a window without dialogs', () => {
    expect(relatedWindows(desktop[9]!, desktop)).toEqual([]);
  });
});

describe('labels and window info', () => {
  it('labels windows "1".."N" and builds UFO WindowInfo', () => {
    const labels = labelWindows(filterDesktopWindows(desktop));
    expect([...labels.keys()]).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(windowInfo(labels.get('2')!, '2')).toMatchObject({
      annotation_id: '2',
      title: 'Untitled - Notepad',
      handle: 2,
      process_id: 20,
      rectangle: { x: 0, y: 0, width: 800, height: 600 },
      control_type: 'Window',
    });
  });
});
