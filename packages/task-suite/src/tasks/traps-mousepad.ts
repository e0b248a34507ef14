import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { defineTask } from '../task.js';
import { readUntil } from './checks.js';
import { fileText, TRAP, withSessionEnd } from './traps.js';

const MOUSEPAD = { ...TRAP, app: 'mousepad', toolkit: 'GTK 3', requires: ['/usr/bin/mousepad'] } as const;

/**
 * A disabled button: in Search ▸ Find and Replace, "Replace All" (the "Replace" button once "Replace all in:" is
 * ticked) is insensitive until "Search for:" holds a text.
 * Observed: the listing shows `push button "Replace All" [disabled]`; click_input on it → failure CONTROL_DISABLED
 * ("is disabled and did not become enabled within 1000 ms: do what it waits for first…") after 1.0 s.
 */
export const trapDisabledReplaceAll = defineTask({
  ...MOUSEPAD,
  id: 'trap-mousepad-disabled-button',
  summary: 'Find and Replace: "Replace All" is disabled until a search text is typed',
  maxSteps: 18,
  request: () => 'In Mousepad, use Find and Replace to replace every "colour" with "color" in the open document, then save it.',
  async setup(ctx) {
    writeFileSync(ctx.path('spelling.txt'), 'The colour of the sky.\nA colour chart.\n');
    await ctx.launch('mousepad', [ctx.path('spelling.txt')]);
  },
  solution: () => [
    { click: { role: 'menu', name: 'Search' } },
    { click: { role: 'menu item', name: 'Find and Replace...' } },
    { selectWindow: { title: 'Find and Replace' } },
    { click: { role: 'check box', name: 'Replace all in:' } },
    { type: 'colour', into: { role: 'text', afterLabel: 'Search for:' } },
    { type: 'color', into: { role: 'text', afterLabel: 'Replace with:' } },
    { click: { role: 'push button', name: 'Replace All' } },
    { click: { role: 'push button', name: 'Close' } },
    { selectWindow: { titleContaining: 'spelling.txt' } },
    { keys: 'ctrl+s' },
    { finish: true, when: { role: 'text', showsContaining: 'A color chart.' } },
  ],
  trap: {
    summary: 'the "Replace All" button, clicked before anything is typed into "Search for:" (it is disabled)',
    cause: 'disabled',
    steps: [
      { click: { role: 'menu', name: 'Search' } },
      { click: { role: 'menu item', name: 'Find and Replace...' } },
      { selectWindow: { title: 'Find and Replace' } },
      { click: { role: 'check box', name: 'Replace all in:' } },
      { click: { role: 'push button', name: 'Replace All' } },
    ],
  },
  async check(ctx, end) {
    const path = ctx.path('spelling.txt');
    const expected = 'The color of the sky.\nA color chart.\n';
    const text = await fileText(path, (t) => t === expected);
    return withSessionEnd(
      { passed: text === expected, detail: `${path} holds ${JSON.stringify(text)}${text === expected ? '' : `, expected ${JSON.stringify(expected)}`}` },
      end,
    );
  },
});

/**
 * A control a modal dialog of the same app blocks: while the (modal) Save As dialog is open, the main window's menu
 * bar is still drawn (the dialog does not cover it), but GTK ignores clicks on it.
 * Observed before the fix of issue 25: with Save As open, the main window's listing showed the menus File…Help plus
 * the dialog's controls; click_input on menu "Document" → success (a pointer click at 229,12), effect "no visible
 * change within 400 ms".
 * Observed now: the listing leaves the blocked window's controls out while the dialog is open (the covered editor
 * was already left out), so a model can only name the menu with an id from a listing made before the dialog opened:
 * the trap is one reply that opens Save As (ctrl+shift+s) and clicks "Document". The engine checks the click against
 * a fresh listing first and skips it (TARGET_CHANGED: no longer listed); the same reply again → ctrl+shift+s in the
 * dialog, "no visible change", and click_input on the kept id → failure CONTROL_NOT_ACTIONABLE 'control a5 (menu
 * "Document") is blocked by the modal dialog "Save As": finish or close the dialog first', each time. Once the
 * dialog closes, the menu is listed again with the same id.
 */
export const trapModalCoversMenu = defineTask({
  ...MOUSEPAD,
  id: 'trap-mousepad-modal-blocks-menu',
  summary: "the main window's menu bar while the modal Save As dialog is open",
  maxSteps: 18,
  request: (ctx) => `In Mousepad, save the open document as ${ctx.path('copy.txt')} with DOS / Windows (CR LF) line endings.`,
  async setup(ctx) {
    writeFileSync(ctx.path('draft.txt'), 'first line\nsecond line\n');
    await ctx.launch('mousepad', [ctx.path('draft.txt')]);
  },
  solution: (ctx) => [
    { click: { role: 'menu', name: 'Document' } },
    { click: { role: 'menu', name: 'Line Ending' } },
    { click: { role: 'menu item', name: 'DOS / Windows (CR LF)' } },
    { click: { role: 'menu', name: 'File' } },
    { click: { role: 'menu item', name: 'Save As...' } },
    { selectWindow: { title: 'Save As' } },
    { setText: ctx.path('copy.txt'), into: { role: 'text', label: 'Name:' } },
    { click: { role: 'push button', name: 'Save' } },
    { selectWindow: { titleContaining: 'copy.txt' } },
    { finish: true },
  ],
  trap: {
    summary: 'the Document menu of the main window, clicked (by its id from before) while the modal Save As dialog is open',
    cause: 'covered',
    steps: [{ all: [{ keys: 'ctrl+shift+s' }, { click: { role: 'menu', name: 'Document' } }] }],
  },
  async check(ctx, end) {
    const path = ctx.path('copy.txt');
    const expected = 'first line\r\nsecond line\r\n';
    const text = await fileText(path, (t) => t === expected);
    return withSessionEnd(
      {
        passed: text === expected,
        detail: `${path} ${text === '' ? 'is empty or missing' : `holds ${JSON.stringify(text)}`}${text === expected ? '' : `, expected ${JSON.stringify(expected)}`}`,
      },
      end,
    );
  },
});

/** The installed Mousepad's version (`mousepad --version`: "Mousepad 0.5.10 (Xfce …)"). */
function mousepadVersion(): string {
  const out = execFileSync('mousepad', ['--version'], { encoding: 'utf8', env: { ...process.env, DISPLAY: '' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const version = /Mousepad\s+(\d+(?:\.\d+)+)/.exec(out)?.[1];
  if (!version) throw new Error(`cannot read the version from "mousepad --version": ${JSON.stringify(out.slice(0, 80))}`);
  return version;
}

/**
 * A menu item that opens nothing: Help ▸ Contents asks for a web browser, and the desktop has none.
 * Observed: click_input on menu item "Contents" → success; effect "1 popup closed" (the menu itself), the Help
 * menu's `selected` state and the editor's focus — no window opens (none 3 s later either). Its shortcut F1
 * (keyboard_input) → success, effect "no visible change within 400 ms". Because closing the menu is itself a change,
 * the trap's last tempting step is that shortcut, which a stubborn model then repeats.
 */
export const trapHelpOpensNothing = defineTask({
  ...MOUSEPAD,
  id: 'trap-mousepad-menu-opens-nothing',
  summary: 'Help ▸ Contents opens nothing (no browser); the version is in Help ▸ About',
  maxSteps: 12,
  request: () => "Find out which version of Mousepad this is, using Mousepad's Help menu, and report it.",
  async setup(ctx) {
    await ctx.launch('mousepad');
  },
  solution: () => {
    const version = mousepadVersion();
    return [
      { click: { role: 'menu', name: 'Help' } },
      { click: { role: 'menu item', name: 'About' } },
      { selectWindow: { title: 'About Mousepad' } },
      { finish: true, result: version, when: { role: 'label', name: version } },
    ];
  },
  trap: {
    summary: 'Help ▸ Contents, then its shortcut F1: it opens no window (the help needs a web browser)',
    cause: 'no_effect',
    steps: [{ click: { role: 'menu', name: 'Help' } }, { click: { role: 'menu item', name: 'Contents' } }, { keys: 'F1' }],
  },
  async check(ctx, end) {
    const version = mousepadVersion();
    const controls = await readUntil(
      () => ctx.controls('About Mousepad').catch(() => []),
      (cs) => cs.some((c) => c.name === version),
      3000,
    );
    const labels = controls.filter((c) => c.role === 'label').map((c) => c.name);
    const shown = labels.includes(version);
    return withSessionEnd(
      {
        passed: shown,
        detail:
          controls.length === 0
            ? 'no "About Mousepad" window is open'
            : `the About Mousepad window shows ${JSON.stringify(labels.slice(0, 3))}${shown ? '' : `, not the installed version ${version}`}`,
      },
      end,
    );
  },
});
