import { writeFileSync } from 'node:fs';
import { defineTask } from '../task.js';
import { fileHolds, readUntil } from './checks.js';
import { fileText, launchShellDialog, shellQuote, TRAP, withSessionEnd } from './traps.js';

const ZENITY = { ...TRAP, app: 'zenity', toolkit: 'GTK 3', requires: ['/usr/bin/zenity', '/bin/sh'] } as const;

/** Passes when `path` holds `expected` (trailing newline ignored); says what zenity printed. */
async function printed(path: string, expected: string, what = 'zenity printed'): Promise<{ passed: boolean; detail: string }> {
  const text = await fileText(path, (t) => t.trim() === expected);
  const passed = text.trim() === expected;
  return { passed, detail: `${what} ${JSON.stringify(text)}${passed ? '' : `, expected ${JSON.stringify(expected)}`}` };
}

const LICENCE = 'Licence agreement\n\n1. You may use this program for any purpose.\n2. It comes without any warranty.\n\nIf you agree, confirm it below.\n';

/**
 * A read-only field: zenity --text-info shows the licence in a text view that is not editable; it is accepted with
 * the check box under it (which also enables OK).
 * Observed: the listing shows `text ""` without `editable` (only `focused`); type_text "I agree" into it →
 * success after 2.2 s, effect "no visible change within 540 ms (… and the window's pixels are unchanged)";
 * set_edit_text → success (method typing), no visible change. OK is listed `disabled` until the box is ticked.
 */
export const trapReadOnlyLicence = defineTask({
  ...ZENITY,
  id: 'trap-zenity-read-only-text',
  summary: 'a licence in a read-only text view; it is accepted with the check box, not by typing',
  maxSteps: 10,
  request: () => 'Accept the licence agreement shown in the "Licence" dialog and confirm it.',
  async setup(ctx) {
    writeFileSync(ctx.path('licence.txt'), LICENCE);
    const exit = ctx.path('licence-exit.txt');
    ctx.state.set('exit', exit);
    // zenity exits 0 only through OK, which is enabled only once the check box is ticked; the shell writes the status
    const zenity = `zenity --text-info --title=Licence --width=480 --height=360 --filename=${shellQuote(ctx.path('licence.txt'))} --checkbox=${shellQuote('I read and accept the terms.')}`;
    await launchShellDialog(ctx, 'Licence', `${zenity}; echo "exit $?" > ${shellQuote(exit)}`);
  },
  solution: () => [{ click: { role: 'check box', name: 'I read and accept the terms.' } }, { click: { role: 'push button', name: 'OK' } }, { finish: true }],
  trap: {
    summary: 'typing "I agree" into the read-only licence text',
    cause: 'read_only',
    steps: [{ type: 'I agree', into: { role: 'text' } }],
  },
  async check(ctx, end) {
    const state = await printed(ctx.state.get('exit') as string, 'exit 0', 'the licence dialog ended with');
    return withSessionEnd(state, end);
  },
});

/**
 * A key that does nothing in the focused widget: a GtkScale ignores typed digits (its keys are the arrows, Page
 * Up/Down, Home and End).
 * Observed: the slider is listed as `slider ""` (label "Set the volume", no value in the listing); type_text "75"
 * into it → success, effect "no visible change within 440 ms (… and the window's pixels are unchanged)";
 * keyboard_input "Right*5" into it → effect "value: 50 → 55…", and zenity printed 75 after OK.
 */
export const trapSliderIgnoresDigits = defineTask({
  ...ZENITY,
  id: 'trap-zenity-key-does-nothing',
  summary: 'typed digits do nothing in a slider; the arrow keys move it',
  maxSteps: 10,
  request: () => 'In the "Volume" dialog, set the volume to 75 (it is at 50 now; the slider moves in steps of 5) and confirm with OK.',
  async setup(ctx) {
    const out = ctx.path('volume.txt');
    ctx.state.set('output', out);
    await ctx.launch('/bin/sh', [
      '-c',
      `exec zenity --scale --title=Volume --text='Set the volume' --value=50 --min-value=0 --max-value=100 --step=5 > ${shellQuote(out)}`,
    ]);
  },
  solution: () => [{ keys: 'Right*5', into: { role: 'slider' } }, { click: { role: 'push button', name: 'OK' } }, { finish: true }],
  trap: {
    summary: 'typing the number "75" into the slider, which ignores digits',
    cause: 'no_effect',
    steps: [{ type: '75', into: { role: 'slider' } }],
  },
  async check(ctx, end) {
    return withSessionEnd(await printed(ctx.state.get('output') as string, '75'), end);
  },
});

const CODE = '4711';

/**
 * A window that closes itself: a zenity reminder with --timeout=8 shows a code, then goes away on its own.
 * Observed: after the timeout, keyboard_input "Return" (and type_text, get_app_window_controls_target_info) with the
 * reminder still selected → failure WINDOW_VANISHED ("the selected window … (zenity: "Reminder") no longer exists:
 * it was closed. List the windows and select another one") within 5 ms. While the reminder is there it stays above
 * Mousepad and keeps the keyboard (matchbox keeps a dialog without parent on top): type_text "4711" into Mousepad's
 * editor → success, "no visible change", and the file stays empty — so the reference waits for it to go.
 */
export const trapReminderClosesItself = defineTask({
  ...ZENITY,
  app: 'zenity + mousepad',
  requires: [...ZENITY.requires, '/usr/bin/mousepad'],
  id: 'trap-zenity-window-closes-itself',
  summary: 'a reminder that closes itself after 8 s; its code goes into Mousepad',
  maxSteps: 12,
  request: (ctx) =>
    `A "Reminder" window shows a meeting code for a few seconds, then closes by itself. Write that code into the Mousepad window (the file ${ctx.path('notes.txt')}) and save it.`,
  async setup(ctx) {
    writeFileSync(ctx.path('notes.txt'), '');
    await ctx.launch('mousepad', [ctx.path('notes.txt')]);
    await ctx.launch('/bin/sh', ['-c', `exec zenity --info --title=Reminder --text='The meeting code is ${CODE}.' --timeout=8`]);
  },
  solution: () => [
    // the code is read from the reminder while it is there (it is the window selected at the start); it keeps the
    // keyboard until it goes, so the right path waits for it to close, then chooses Mousepad
    { wait: 9, when: { role: 'label', name: `The meeting code is ${CODE}.` } },
    { selectWindow: { titleContaining: 'notes.txt' } },
    { type: CODE, into: { role: 'text', state: 'editable' } },
    { keys: 'ctrl+s' },
    { finish: true, when: { role: 'text', shows: CODE } },
  ],
  trap: {
    summary: 'pressing Return to dismiss the reminder after it has closed itself',
    cause: 'window_gone',
    steps: [{ wait: 10 }, { keys: 'Return' }],
  },
  async check(ctx, end) {
    return withSessionEnd(
      await readUntil(
        () => fileHolds(ctx.path('notes.txt'), CODE),
        (r) => r.passed,
      ),
      end,
    );
  },
});

const NEW_NAME = 'report-final.txt';

/**
 * Two windows of the same app: a zenity "Rename file" entry and, opened after it and focused on top, a zenity
 * "Backup finished" message. Typing without choosing the window by title lands in the message, whose focused OK
 * button ignores letters.
 * Observed: with "Backup finished" selected, type_text "report-final.txt" → success after 5.3 s (the typed text
 * never shows), effect "no visible change within 720 ms (… and the window's pixels are unchanged)".
 */
export const trapTwoZenityWindows = defineTask({
  ...ZENITY,
  id: 'trap-zenity-two-windows',
  summary: 'two zenity windows; the name belongs in "Rename file", not in the focused "Backup finished"',
  maxSteps: 10,
  request: () => `In the "Rename file" window, change the name to ${NEW_NAME} and confirm it with OK.`,
  async setup(ctx) {
    const out = ctx.path('rename.txt');
    ctx.state.set('output', out);
    await ctx.launch('/bin/sh', ['-c', `exec zenity --entry --title='Rename file' --text='New name:' --entry-text=report.txt > ${shellQuote(out)}`]);
    await ctx.launch('/bin/sh', ['-c', "exec zenity --info --title='Backup finished' --text='The backup of 12 files finished.'"]);
  },
  solution: () => [
    { selectWindow: { title: 'Rename file' } },
    { setText: NEW_NAME, into: { role: 'text' } },
    { click: { role: 'push button', name: 'OK' } },
    { finish: true },
  ],
  trap: {
    summary: 'typing the new name into the focused "Backup finished" window instead of choosing "Rename file"',
    cause: 'no_effect',
    steps: [{ type: NEW_NAME }],
  },
  async check(ctx, end) {
    return withSessionEnd(await printed(ctx.state.get('output') as string, NEW_NAME), end);
  },
});
