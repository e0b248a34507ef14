import { describe, expect, it } from 'vitest';
import { blockingModal, coveringWindow, type AppWindow } from '../../src/desktop/occlusion.js';

const main = { id: 1, rect: { x: 0, y: 0, width: 1280, height: 800 } };
const dialog = { id: 2, rect: { x: 92, y: 20, width: 1096, height: 776 } };

describe('occlusion by windows stacked above', () => {
  it('a point of the main window under its dialog is covered; one outside the dialog is not', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 1, [main, dialog])?.id).toBe(2);
    expect(coveringWindow({ x: 20, y: 10 }, 1, [main, dialog])).toBeUndefined();
  });
  it('the dialog itself, on top, is never covered; a window below does not cover', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 2, [main, dialog])).toBeUndefined();
    expect(coveringWindow({ x: 600, y: 400 }, 1, [dialog, main])).toBeUndefined();
  });
  it('a window missing from the stack is treated as uncovered', () => {
    expect(coveringWindow({ x: 600, y: 400 }, 9, [main, dialog])).toBeUndefined();
  });
});

describe('windows a modal dialog blocks', () => {
  const frame: AppWindow = { id: 1, title: 'draft.txt - Mousepad', modal: false };
  const saveAs: AppWindow = { id: 2, title: 'Save As', modal: true, transientFor: 1 };
  const prefs: AppWindow = { id: 3, title: 'Preferences', modal: false, transientFor: 1 };

  it("a modal dialog blocks the main window and the app's other dialogs, never itself", () => {
    expect(blockingModal(1, [frame, saveAs])?.title).toBe('Save As');
    expect(blockingModal(3, [frame, prefs, saveAs])?.title).toBe('Save As');
    expect(blockingModal(2, [frame, saveAs])).toBeUndefined();
  });

  it("a non-modal dialog blocks nothing (galculator's Preferences, GTK 4.8's file chooser)", () => {
    expect(blockingModal(1, [frame, prefs])).toBeUndefined();
    expect(blockingModal(1, [frame])).toBeUndefined();
  });

  it('a dialog opened from a modal dialog is usable, and the topmost modal one is named', () => {
    const confirm: AppWindow = { id: 4, title: 'Confirm to replace files', modal: true, transientFor: 2 };
    const options: AppWindow = { id: 5, title: 'Options', modal: false, transientFor: 2 };
    expect(blockingModal(4, [frame, saveAs, confirm])).toBeUndefined();
    expect(blockingModal(5, [frame, saveAs, options])).toBeUndefined();
    expect(blockingModal(2, [frame, saveAs, confirm])?.title).toBe('Confirm to replace files');
    expect(blockingModal(1, [frame, saveAs, confirm])?.title).toBe('Confirm to replace files');
  });

  it("a modal window without a parent blocks the app's other windows; a transient loop ends", () => {
    expect(blockingModal(1, [frame, { id: 6, title: 'Error', modal: true }])?.title).toBe('Error');
    expect(
      blockingModal(7, [
        { id: 7, title: 'a', modal: false, transientFor: 8 },
        { id: 8, title: 'b', modal: true, transientFor: 7 },
      ]),
    ).toBeUndefined();
  });
});
