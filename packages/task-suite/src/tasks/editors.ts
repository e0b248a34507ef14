import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineTask } from '../task.js';
import { fileHolds, iniValue, readUntil } from './checks.js';

const QT_NOTE = 'Notes from a Qt editor';

/** Save As through Qt's own file dialog in FeatherPad (Qt 5, accessibility switched on by the harness). */
export const featherpadSaveAs = defineTask({
  id: 'featherpad-save-as',
  app: 'featherpad',
  toolkit: 'Qt 5',
  requires: ['/usr/bin/featherpad'],
  summary: "type a document and save it through Qt's file dialog to a given path",
  maxSteps: 14,
  request: (ctx) => `In FeatherPad, type "${QT_NOTE}" and save the document as ${ctx.path('qt-notes.txt')}.`,
  async setup(ctx) {
    await ctx.launch('featherpad');
  },
  solution: (ctx) => [
    { type: QT_NOTE, into: { role: 'text', state: 'editable' } },
    { click: { role: 'menu item', name: 'File' } },
    { click: { role: 'menu item', name: 'Save As' } },
    { selectWindow: { title: 'Save as...' } },
    { setText: ctx.path('qt-notes.txt'), into: { role: 'text', name: 'File name:' } },
    { click: { role: 'push button', name: 'Save' } },
    { finish: true },
  ],
  check: async (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('qt-notes.txt'), QT_NOTE),
      (r) => r.passed,
    ),
});

const GTK4_NOTE = 'Written in a GTK 4 editor';

/** Save As through GTK 4's file chooser in GNOME Text Editor. */
export const textEditorSaveAs = defineTask({
  id: 'gnome-text-editor-save-as',
  app: 'gnome-text-editor',
  toolkit: 'GTK 4',
  requires: ['/usr/bin/gnome-text-editor'],
  summary: "type a document and save it through GTK 4's file chooser to a given path",
  maxSteps: 14,
  request: (ctx) => `In Text Editor, type "${GTK4_NOTE}" and save the document as ${ctx.path('gtk4-notes.txt')}.`,
  async setup(ctx) {
    await ctx.launch('gnome-text-editor', ['--standalone']);
  },
  solution: (ctx) => [
    { type: GTK4_NOTE, into: { role: 'text', state: 'editable' } },
    { keys: 'ctrl+shift+s' },
    { selectWindow: { title: 'Save As' } },
    { setText: ctx.path('gtk4-notes.txt'), into: { role: 'text', label: 'Name:' } },
    { click: { role: 'push button', name: 'Save' } },
    { finish: true },
  ],
  check: async (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('gtk4-notes.txt'), GTK4_NOTE),
      (r) => r.passed,
    ),
});

/** A check box and a combo box in FeatherPad's (Qt 5) Preferences; fp.conf is read back after quitting. */
export const featherpadPreferences = defineTask({
  id: 'featherpad-preferences',
  app: 'featherpad',
  toolkit: 'Qt 5',
  requires: ['/usr/bin/featherpad'],
  summary: 'toggle a check box and choose in a combo box in a Qt preferences dialog; check the saved settings',
  maxSteps: 16,
  request: () =>
    "In FeatherPad's preferences, show the cursor position on the status bar and put the tabs at the bottom (South). Then close the preferences and quit FeatherPad so the settings are saved.",
  async setup(ctx) {
    await ctx.launch('featherpad');
  },
  solution: () => [
    { click: { role: 'menu item', name: 'Options' } },
    { click: { role: 'menu item', name: 'Preferences' } },
    { selectWindow: { title: 'Preferences' } },
    { click: { role: 'check box', name: 'Show cursor position on status bar' } },
    { click: { role: 'combo box', name: 'North' } },
    // Keys, not a click on the list item "South": a pointer click on an item of a Qt 5 combo box's popup closes
    // the popup without choosing the item (a platform-linux bug at the time of writing).
    { keys: 'Down Return', when: { role: 'list item', name: 'South' } },
    { click: { role: 'push button', name: 'Close' }, when: { role: 'combo box', name: 'South' } },
    { selectWindow: { title: 'Untitled' } },
    { keys: 'ctrl+q' },
    { finish: true },
  ],
  async check(ctx) {
    const path = join(ctx.desktop.env.XDG_CONFIG_HOME!, 'featherpad', 'fp.conf');
    const wanted = (text: string) => iniValue(text, 'showCursorPos') === 'true' && iniValue(text, 'tabPosition') === '1';
    const text = await readUntil(() => (existsSync(path) ? readFileSync(path, 'utf8') : ''), wanted);
    return {
      passed: wanted(text),
      detail: `${existsSync(path) ? path : `${path} (not written)`}: showCursorPos=${iniValue(text, 'showCursorPos') ?? '(unset)'}, tabPosition=${iniValue(text, 'tabPosition') ?? '(unset)'} (1 = South)`,
    };
  },
});

/** Choosing an item of a Qt 5 combo box's popup by clicking it; the combo box is read back through AT-SPI. */
export const featherpadComboClick = defineTask({
  id: 'featherpad-combo-click',
  app: 'featherpad',
  toolkit: 'Qt 5',
  requires: ['/usr/bin/featherpad'],
  summary: "choose an item in a Qt combo box's popup by clicking it",
  maxSteps: 12,
  request: () => 'In FeatherPad\'s preferences, set the tab position to "West" by choosing it in its drop-down list with the mouse.',
  async setup(ctx) {
    await ctx.launch('featherpad');
  },
  solution: () => [
    { click: { role: 'menu item', name: 'Options' } },
    { click: { role: 'menu item', name: 'Preferences' } },
    { selectWindow: { title: 'Preferences' } },
    { click: { role: 'combo box', name: 'North' } },
    { click: { role: 'list item', name: 'West' } },
    { finish: true, when: { role: 'combo box', name: 'West' } },
  ],
  async check(ctx) {
    const controls = await readUntil(
      () => ctx.controls('Preferences'),
      (cs) => cs.some((c) => c.role === 'combo box' && c.name === 'West'),
      2000,
    );
    const combos = controls.filter((c) => c.role === 'combo box').map((c) => c.name);
    return { passed: combos.includes('West'), detail: `the Preferences window's combo boxes show ${JSON.stringify(combos)}` };
  },
});
