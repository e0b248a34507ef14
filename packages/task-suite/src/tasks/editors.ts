import { defineTask } from '../task.js';
import { fileHolds, readUntil } from './checks.js';

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
  check: async (ctx) => readUntil(() => fileHolds(ctx.path('qt-notes.txt'), QT_NOTE), (r) => r.passed),
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
  check: async (ctx) => readUntil(() => fileHolds(ctx.path('gtk4-notes.txt'), GTK4_NOTE), (r) => r.passed),
});
