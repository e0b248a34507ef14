// Trap tasks (issue 25): each tempts a model into an action that has no effect on the real app — a disabled button,
// a control a modal dialog blocks, a control scrolled out of view, a read-only field, a key the widget ignores, a
// menu item that opens nothing, a window that closes itself, the wrong one of two windows. `trap` names that action
// and the cause the engine's progress monitor must give; the reference `solution` is the right path around it.
// What each trap action did on the real app (Debian 12, Xvfb) is written at each task.
import { existsSync, readFileSync } from 'node:fs';
import { defineTask, type CheckedControl, type CheckResult, type SessionEnd, type TaskWorkspace } from '../task.js';
import { readUntil } from './checks.js';

/** What every trap task shares: its suite group. */
export const TRAP = { group: 'traps' } as const;

/**
 * The real state's verdict, and — when the checker is told how the session ended — that it ended the way the
 * reference path ends: the agent said FINISH. Without `end` (the engine's FINISH check) only the real state counts.
 */
export function withSessionEnd(state: CheckResult, end?: SessionEnd): CheckResult {
  if (end === undefined) return state;
  if (end.stopReason === 'finished') return { passed: state.passed, detail: `${state.detail}; the session finished after ${end.steps} steps` };
  const monitor = end.noProgress
    ? ` (the progress monitor saw no progress at step ${end.noProgress.step}: ${end.noProgress.cause}, ${end.noProgress.detection})`
    : '';
  return { passed: false, detail: `${state.detail}; but the session ended ${end.stopReason} (${end.finalState})${monitor}, not finished` };
}

/** The text of a file (empty when it does not exist yet), waited for until `accept` takes it. */
export async function fileText(path: string, accept: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
  return readUntil(() => (existsSync(path) ? readFileSync(path, 'utf8') : ''), accept, timeoutMs);
}

/**
 * Starts `/bin/sh -c script` on the desktop and waits until a window whose title contains `title` lists a push
 * button. For a dialog whose exit status the checker needs (`zenity …; echo $? > file`): the shell stays the
 * parent, so `ctx.launch` (which waits for a window of the launched pid) cannot be used. Leaves that window
 * selected.
 */
export async function launchShellDialog(ctx: TaskWorkspace, title: string, script: string): Promise<void> {
  ctx.desktop.launchApp('/bin/sh', ['-c', script], { cwd: ctx.dir });
  const ready = await readUntil(
    () =>
      ctx.controls(title).then(
        (controls) => controls.some((c) => c.role === 'push button'),
        () => false,
      ),
    (shown) => shown,
    30_000,
  );
  if (!ready) throw new Error(`no window titled "…${title}…" with buttons appeared within 30 s`);
}

/** A shell word: `text` in single quotes. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const DATE_LABEL = 'Date and time format:';
const DATE_FORMAT = 'yyyy-MM-dd';

/** The "Date and time format:" field of FeatherPad's Preferences, as a model names it: the text field after its label. */
const DATE_FIELD = { role: 'text', afterLabel: DATE_LABEL } as const;

/**
 * A control scrolled off screen: FeatherPad's (Qt 5) Preferences pages are scroll areas whose last controls lie
 * below the viewport. Qt still reports them with extents at their place in the scrolled content (on the Text page the
 * "Date and time format:" field at y 620–645, while the viewport ends at 574 and the dialog at 625).
 * Observed before the fix of issue 25: such controls were listed like any other, and click_input aimed a pointer
 * click where they are not drawn — on the Window page's check box "Tab navigation wraps around" → success, a click at
 * (533, 598) on the dialog's empty strip, effect "no visible change within 400 ms".
 * Observed now: the listing gives them the state `off-screen` and no click is aimed there. The check box is toggled
 * through its accessibility action (effect "states: +checked": no trap any more), so the trap is the date field, which
 * has no click action (Qt offers only SetFocus): click_input on it → failure CONTROL_NOT_ACTIONABLE "… is off screen:
 * scrolled out of view, outside the visible part of its scroll area, and it has no click action: scroll it into view
 * first …", each time. Setting its text needs no pointer (set_edit_text → EditableText, effect `text: "" →
 * "yyyy-MM-dd"`); wheel_mouse_input at the field scrolls its area, after which it is listed in view and clicked.
 * (The export keeps its first name, `trapOffScreenCheckBox`.)
 */
export const trapOffScreenCheckBox = defineTask({
  ...TRAP,
  id: 'trap-featherpad-off-screen',
  app: 'featherpad',
  toolkit: 'Qt 5',
  requires: ['/usr/bin/featherpad'],
  summary: 'a text field scrolled below the visible part of a Qt scroll area',
  maxSteps: 16,
  request: () => `In FeatherPad's Preferences (the Text page), set "${DATE_LABEL.replace(/:$/, '')}" to ${DATE_FORMAT}.`,
  async setup(ctx) {
    await ctx.launch('featherpad');
  },
  solution: () => [
    { click: { role: 'menu item', name: 'Options' } },
    { click: { role: 'menu item', name: 'Preferences' } },
    { selectWindow: { title: 'Preferences' } },
    { click: { role: 'page tab', name: 'Text' } },
    // the field is off screen: its text is set through accessibility, which needs no pointer
    { setText: DATE_FORMAT, into: DATE_FIELD, when: DATE_FIELD },
    { finish: true, when: { ...DATE_FIELD, shows: DATE_FORMAT } },
  ],
  trap: {
    summary: `clicking the "${DATE_LABEL}" field to type into it, below the scroll area's visible part (listed off-screen; it has no click action)`,
    cause: 'off_screen',
    steps: [
      { click: { role: 'menu item', name: 'Options' } },
      { click: { role: 'menu item', name: 'Preferences' } },
      { selectWindow: { title: 'Preferences' } },
      { click: { role: 'page tab', name: 'Text' } },
      { click: DATE_FIELD, when: DATE_FIELD },
    ],
  },
  async check(ctx, end) {
    const field = (controls: CheckedControl[]): CheckedControl | undefined => {
      const label = controls.findIndex((c) => c.role === 'label' && c.name === DATE_LABEL);
      return label < 0 ? undefined : controls.slice(label + 1).find((c) => c.role === 'text');
    };
    const read = () => ctx.controls('Preferences').catch(() => [] as CheckedControl[]);
    const controls = await readUntil(read, (cs) => field(cs)?.text === DATE_FORMAT, 3000);
    const found = field(controls);
    const passed = found?.text === DATE_FORMAT;
    const detail =
      controls.length === 0
        ? 'no Preferences window is open'
        : found
          ? `the "${DATE_LABEL}" field shows ${JSON.stringify(found.text ?? '')}${passed ? '' : `, not ${JSON.stringify(DATE_FORMAT)}`}`
          : `no "${DATE_LABEL}" field in the Preferences window (its Text page)`;
    return withSessionEnd({ passed, detail }, end);
  },
});
