import { readFileSync, writeFileSync } from 'node:fs';
import { defineTask } from '../task.js';
import { fileHolds, readUntil } from './checks.js';

const MOUSEPAD = { app: 'mousepad', toolkit: 'GTK 3', requires: ['/usr/bin/mousepad'] } as const;
const NOTE = 'Shopping list: apples, bread, milk';

/** Types a document and saves it through the Save As file dialog to a given path. */
export const mousepadSaveAs = defineTask({
  ...MOUSEPAD,
  id: 'mousepad-save-as',
  summary: 'type a document and save it through the file dialog to a given path',
  maxSteps: 16,
  request: (ctx) => `In Mousepad, type the text "${NOTE}" and save the document as ${ctx.path('list.txt')}.`,
  async setup(ctx) {
    await ctx.launch('mousepad');
  },
  solution: (ctx) => [
    { type: NOTE, into: { role: 'text' } },
    { click: { role: 'menu', name: 'File' } },
    { click: { role: 'menu item', name: 'Save As...' } },
    { selectWindow: { title: 'Save As' } },
    { setText: ctx.path('list.txt'), into: { role: 'text' } },
    { click: { role: 'push button', name: 'Save' } },
    { selectWindow: { titleContaining: 'list.txt' } },
    { finish: true },
  ],
  check: async (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('list.txt'), NOTE),
      (r) => r.passed,
    ),
});

/** Opens a given file through the Open file chooser and reports its first line. */
export const mousepadOpenFile = defineTask({
  ...MOUSEPAD,
  id: 'mousepad-open-file',
  summary: 'open a given file through the file chooser',
  maxSteps: 14,
  request: (ctx) => `Open the file ${ctx.path('report.txt')} in Mousepad.`,
  async setup(ctx) {
    writeFileSync(ctx.path('report.txt'), 'Quarterly report\nRevenue grew 12%.\n');
    await ctx.launch('mousepad');
  },
  solution: (ctx) => [
    { keys: 'ctrl+o' },
    { selectWindow: { title: 'Open File' } },
    { keys: 'ctrl+l' },
    { setText: ctx.path('report.txt'), into: { role: 'text' } },
    { click: { role: 'push button', name: 'Open' } },
    { selectWindow: { titleContaining: 'report.txt' } },
    { finish: true, when: { role: 'text', showsContaining: 'Revenue grew 12%' } },
  ],
  async check(ctx) {
    const controls = await readUntil(
      () => ctx.controls(),
      (cs) => cs.some((c) => c.text?.includes('Revenue grew 12%')),
    );
    const editor = controls.find((c) => c.role === 'text' && c.text?.includes('Revenue grew 12%'));
    const frame = controls.find((c) => c.role === 'frame');
    const titled = frame?.name.includes('report.txt') ?? false;
    return { passed: editor !== undefined && titled, detail: `window "${frame?.name ?? '?'}"; editor text ${JSON.stringify(editor?.text ?? null)}` };
  },
});

/** Find and replace in a document, then save it. */
export const mousepadFindReplace = defineTask({
  ...MOUSEPAD,
  id: 'mousepad-find-replace',
  summary: 'find and replace every occurrence of a word, then save',
  maxSteps: 16,
  request: () => 'In Mousepad, replace every "cat" with "dog" in the open document, then save it.',
  async setup(ctx) {
    writeFileSync(ctx.path('pets.txt'), 'The cat sat.\nA cat and another cat.\n');
    await ctx.launch('mousepad', [ctx.path('pets.txt')]);
  },
  solution: () => [
    { click: { role: 'menu', name: 'Search' } },
    { click: { role: 'menu item', name: 'Find and Replace...' } },
    { selectWindow: { title: 'Find and Replace' } },
    { type: 'cat', into: { role: 'text', afterLabel: 'Search for:' } },
    { type: 'dog', into: { role: 'text', afterLabel: 'Replace with:' } },
    { click: { role: 'check box', name: 'Replace all in:' } },
    { click: { role: 'push button', name: 'Replace All' } },
    { click: { role: 'push button', name: 'Close' } },
    { selectWindow: { titleContaining: 'pets.txt' } },
    { keys: 'ctrl+s' },
    { finish: true },
  ],
  check: async (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('pets.txt'), 'The dog sat.\nA dog and another dog.'),
      (r) => r.passed,
    ),
});

/** A menu ▸ submenu path (Document ▸ Line Ending ▸ DOS / Windows), then save: the file on disk has CR LF line ends. */
export const mousepadLineEndingSubmenu = defineTask({
  ...MOUSEPAD,
  id: 'mousepad-submenu-line-ending',
  summary: 'a menu ▸ submenu path (Document ▸ Line Ending ▸ DOS / Windows), then save',
  maxSteps: 12,
  request: () => 'In Mousepad, change the line endings of the open document to DOS / Windows (CR LF) using the Document menu, then save it.',
  async setup(ctx) {
    writeFileSync(ctx.path('lines.txt'), 'first line\nsecond line\nthird line\n');
    await ctx.launch('mousepad', [ctx.path('lines.txt')]);
  },
  solution: () => [
    { click: { role: 'menu', name: 'Document' } },
    { click: { role: 'menu', name: 'Line Ending' } },
    { click: { role: 'menu item', name: 'DOS / Windows (CR LF)' } },
    { keys: 'ctrl+s' },
    { finish: true },
  ],
  async check(ctx) {
    const path = ctx.path('lines.txt');
    const expected = 'first line\r\nsecond line\r\nthird line\r\n';
    const text = await readUntil(
      () => readFileSync(path, 'utf8'),
      (t) => t === expected,
    );
    return { passed: text === expected, detail: `${path} holds ${JSON.stringify(text)}` };
  },
});
