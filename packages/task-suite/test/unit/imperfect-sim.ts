// A tiny editor app and engine for driving scripted models with prompts in the LinuxAgent's format: menus that
// open and close, a Save As dialog (optionally late to show), a disabled button, and the engine's notices.
import type { ChatMessage, ChatModel } from '@ufo-ts/core';
import { AppResponseSchema, BATCH_INSTRUCTIONS } from '@ufo-ts/processor-strategies';
import type { ReferenceStep } from '../../src/grounded/reference-steps.js';

/** One action of a reply as the simulator saw it. */
export interface SimCall {
  function: string;
  arguments: Record<string, unknown>;
}

/** One model reply and what came of it. */
export interface SimTurn {
  actions: SimCall[];
  status: string | undefined;
  /** The last-actions lines the next prompt carried. */
  lines: string[];
  /** Whether this turn's prompt carried a `<Progress check:>` / `<Finish check:>`. */
  progressCheck: boolean;
  finishCheck: boolean;
}

/**
 * The user message of one step: sections as the LinuxAgent's prompt builder writes them, plus notices. `named`: the
 * system text says actions may name their controls (the engine checks batches, {@link BATCH_INSTRUCTIONS}).
 */
export function promptText(o: {
  controls: string[];
  windows?: string[];
  last?: string[];
  progress?: string[];
  finish?: string[];
  named?: boolean;
}): ChatMessage[] {
  const sections = [
    `<Windows on the desktop (id, name):>\n${o.windows?.join('\n') || '(none)'}`,
    `<Controls of the selected window (id, type, name):>\n${o.controls.join('\n') || '(none)'}`,
    `<Your previous plan:>\n(none)`,
    `<Your last actions and their results:>\n${o.last?.join('\n') || '(none)'}`,
    ...(o.progress ? [`<Progress check:>\n${o.progress.join('\n')}`] : []),
    ...(o.finish ? [`<Finish check:>\n${o.finish.join('\n')}`] : []),
    `<Overall user request:>\n<user_input name="user_request">Save the document</user_input>`,
  ];
  return [
    { role: 'system', content: `You operate one application on a desktop.${o.named ? `\n\n${BATCH_INSTRUCTIONS}` : ''}` },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Current Screenshot:' },
        { type: 'text', text: sections.join('\n\n') },
      ],
    },
  ];
}

/** `- fn({args}) → success: {"effect":…}`. */
export function success(call: SimCall, changed = true): string {
  const effect = changed
    ? { changed: true, changes: ['something changed'] }
    : { changed: false, changes: ['no visible change within 1500 ms (the window and its controls are unchanged)'] };
  return `- ${call.function}(${JSON.stringify(call.arguments)}) → success: ${JSON.stringify({ ok: true, effect })}`;
}

/** `- fn({args}) → failure: CODE: message`. */
export function failure(call: SimCall, code: string, message = 'refused'): string {
  return `- ${call.function}(${JSON.stringify(call.arguments)}) → failure: ${code}: ${message}`;
}

/** Asks a model one prompt; gives the reply's actions and status (text or native tool mode). */
export async function ask(model: ChatModel, messages: ChatMessage[]): Promise<{ actions: SimCall[]; status: string | undefined; result?: unknown }> {
  const response = await model.complete({ messages, schema: AppResponseSchema });
  if (response.toolCalls) {
    const respond = response.toolCalls.find((c) => c.name === 'respond');
    return {
      actions: response.toolCalls.filter((c) => c.name !== 'respond').map((c) => ({ function: c.name, arguments: c.arguments as Record<string, unknown> })),
      status: (respond?.arguments as { status?: string } | undefined)?.status,
    };
  }
  const parsed = response.parsed as { action: SimCall[]; status?: string; result?: unknown };
  return {
    actions: parsed.action.map((a) => ({ function: a.function, arguments: a.arguments })),
    status: parsed.status ?? (parsed.action as Array<{ status?: string }>).at(-1)?.status,
    result: parsed.result,
  };
}

/** Options of the simulated editor. */
export interface SimOptions {
  /** Prompts after the Save As click before the dialog's controls are listed (default 0). */
  dialogDelay?: number;
  /** Replies without progress after which the prompt carries a `<Progress check:>` (default 4). */
  progressAfter?: number;
  /** Reject a FINISH while the document is not saved, once, with a `<Finish check:>` (default true). */
  finishCheck?: boolean;
  /**
   * Check batches as the engine's batch guard does (default false): the prompt says controls may be named, and an
   * action naming its control by `name` (and `role`) without `id` gets the id of the one control so listed at its
   * turn, or is skipped with the rest (`TARGET_CHANGED`).
   */
  named?: boolean;
}

/**
 * The simulated editor: a text area, menus File (New, Save As...) and Edit (Preferences..., Copy), a disabled
 * "Replace All" button, and a Save As dialog whose controls get new ids each time it opens.
 */
export class SimEditor {
  text = '';
  savedAs: string | undefined;
  private menu: 'File' | 'Edit' | undefined;
  private dialog: { kind: 'Save As' | 'Preferences'; gen: number; name: string; showIn: number } | undefined;
  private gen = 0;
  private quiet = 0;
  private finishRejected = false;
  constructor(private readonly options: SimOptions = {}) {}

  controls(): string[] {
    const d = this.dialog;
    if (d && d.showIn <= 0) {
      if (d.kind === 'Preferences') return [`[p${d.gen}1] check box "Wrap lines"`, `[p${d.gen}2] push button "Close"`];
      return [
        `[d${d.gen}1] text "" labelled "Name:" shows ${JSON.stringify(d.name)} [focused, editable]`,
        `[d${d.gen}2] push button "Cancel"`,
        `[d${d.gen}3] push button "Save"`,
      ];
    }
    const lines = [
      `[m1] menu "File"${this.menu === 'File' ? ' [selected]' : ''}`,
      `[m2] menu "Edit"${this.menu === 'Edit' ? ' [selected]' : ''}`,
      `[b1] push button "Replace All" [disabled]`,
      `[t1] text "" shows ${JSON.stringify(this.text)}${this.menu ? ' [editable]' : ' [focused, editable]'}`,
    ];
    if (this.menu === 'File') lines.push('[i1] menu item "New" [focused]', '[i2] menu item "Save As..."');
    if (this.menu === 'Edit') lines.push('[i3] menu item "Preferences..." [focused]', '[i4] menu item "Copy"');
    return lines;
  }

  windows(): string[] {
    return ['[100] mousepad "Untitled 1 - Mousepad"', ...(this.dialog && this.dialog.showIn <= 0 ? [`[200] mousepad "${this.dialog.kind}"`] : [])];
  }

  /** Runs one call against the current listing; gives its last-actions line and whether it changed something. */
  apply(call: SimCall, listing: string[]): { line: string; changed: boolean } {
    const args = call.arguments;
    const item = typeof args.id === 'string' ? listing.find((l) => l.startsWith(`[${args.id}] `)) : undefined;
    const listedName = item ? /"([^"]*)"/.exec(item)![1]! : '';
    const label = item ? /labelled "([^"]*)"/.exec(item)?.[1] : undefined;
    const norm = (s: string) =>
      s
        .replace(/\.\.\./g, '…')
        .trim()
        .toLowerCase();
    const named = typeof args.name === 'string' && args.name !== '' ? norm(args.name) : undefined;
    if (['click_input', 'set_edit_text'].includes(call.function) || (typeof args.id === 'string' && args.id !== '')) {
      if (!item) return { line: failure(call, 'CONTROL_STALE', `no control ${String(args.id)} in the latest listing`), changed: false };
      if (named !== undefined && named !== norm(listedName) && named !== norm(label ?? ''))
        return { line: failure(call, 'CONTROL_NAME_MISMATCH', `[${String(args.id)}] is "${listedName}"`), changed: false };
    }
    const done = (changed: boolean) => ({ line: success(call, changed), changed });
    switch (call.function) {
      case 'click_input': {
        if (item!.includes('[disabled')) return done(false);
        if (/\] menu "/.test(item!)) {
          this.menu = this.menu === listedName ? undefined : (listedName as 'File' | 'Edit');
          return done(true);
        }
        if (listedName.endsWith('...')) {
          this.menu = undefined;
          this.gen += 1;
          this.dialog = { kind: listedName === 'Save As...' ? 'Save As' : 'Preferences', gen: this.gen, name: '', showIn: this.options.dialogDelay ?? 0 };
          return done(true);
        }
        if (listedName === 'Save' && this.dialog) {
          this.savedAs = this.dialog.name;
          this.dialog = undefined;
          return done(true);
        }
        if ((listedName === 'Cancel' || listedName === 'Close') && this.dialog) {
          this.dialog = undefined;
          return done(true);
        }
        this.menu = undefined;
        return done(true);
      }
      case 'keyboard_input':
        if (args.keys === 'Escape' && (this.menu || this.dialog)) {
          if (this.menu) this.menu = undefined;
          else this.dialog = undefined;
          return done(true);
        }
        return done(false);
      case 'type_text':
        this.text += String(args.text);
        return done(true);
      case 'set_edit_text':
        if (this.dialog && item!.includes('labelled "Name:"')) this.dialog.name = String(args.text);
        else this.text = String(args.text);
        return done(true);
      case 'select_application_window':
        return done(true);
      case 'wait':
        return { line: `- wait(${JSON.stringify(args)}) → success: {"waited":${String(args.seconds)}}`, changed: false };
      default:
        return { line: failure(call, 'UNKNOWN_TOOL'), changed: false };
    }
  }

  /**
   * Drives a model until it finishes (or `maxTurns`): each reply's actions run in order against the listing the
   * model saw (the rest is skipped after a failure); the next prompt carries their results and the notices.
   */
  async drive(model: ChatModel, maxTurns = 40): Promise<SimTurn[]> {
    const turns: SimTurn[] = [];
    let last: string[] = [];
    let progress = false;
    let finish: string[] | undefined;
    for (let n = 0; n < maxTurns; n += 1) {
      const listing = this.controls();
      const reply = await ask(
        model,
        promptText({
          controls: listing,
          windows: this.windows(),
          last,
          named: this.options.named === true,
          ...(progress ? { progress: ['The last 4 actions changed nothing: the window and its controls are unchanged.'] } : {}),
          ...(finish ? { finish } : {}),
        }),
      );
      const turn: SimTurn = { actions: reply.actions, status: reply.status, lines: [], progressCheck: progress, finishCheck: finish !== undefined };
      turns.push(turn);
      finish = undefined;
      const before = this.fingerprint();
      const pending = this.dialog !== undefined && this.dialog.showIn > 0;
      let failed = false;
      for (const [i, sent] of reply.actions.entries()) {
        if (failed) {
          turn.lines.push(`- ${sent.function}(${JSON.stringify(sent.arguments)}) → skipped: TARGET_CHANGED: an earlier action failed`);
          continue;
        }
        const found = this.options.named ? this.lookUp(sent, i === 0 ? listing : this.controls()) : sent;
        if (typeof found === 'string') {
          turn.lines.push(
            `- ${sent.function}(${JSON.stringify(sent.arguments)}) → skipped: TARGET_CHANGED: not run, the target was checked against the live screen first: ${found}`,
          );
          failed = true;
          continue;
        }
        const call = found;
        const { line } = this.apply(call, i === 0 || !this.options.named ? listing : this.controls());
        turn.lines.push(line);
        failed = line.includes('→ failure');
      }
      if (pending && this.dialog) this.dialog.showIn -= 1;
      this.quiet = this.fingerprint() === before ? this.quiet + 1 : 0;
      progress = this.quiet >= (this.options.progressAfter ?? 4);
      if (progress) this.quiet = 0;
      last = turn.lines;
      if (reply.status === 'FINISH') {
        if (this.savedAs !== undefined || this.options.finishCheck === false || this.finishRejected) break;
        this.finishRejected = true;
        finish = ['The task is not done: the document was not saved.'];
      }
    }
    return turns;
  }

  /** A named action (no `id`) with the id of the one control listed under its name, or why there is none. */
  private lookUp(call: SimCall, listing: string[]): SimCall | string {
    const { id, name, role, ...rest } = call.arguments;
    if (id !== undefined || typeof name !== 'string') return call;
    const norm = (s: string) =>
      s
        .replace(/\.\.\.|…/g, '')
        .replace(/[\s:]+/g, ' ')
        .trim()
        .toLowerCase();
    if (call.function === 'select_application_window') {
      const window = this.windows().find((w) => norm(/"([^"]*)"/.exec(w)![1]!) === norm(name));
      return window
        ? { function: call.function, arguments: { ...rest, name, id: /^\[(\w+)\]/.exec(window)![1]! } }
        : `no window ${JSON.stringify(name)} is listed now`;
    }
    const found = listing.filter((line) => {
      const m = /^\[(\w+)\] ([^"]*?) ?"([^"]*)"(?: labelled "([^"]*)")?/.exec(line)!;
      return (role === undefined || norm(m[2]!) === norm(String(role))) && [m[3]!, m[4] ?? ''].some((n) => n !== '' && norm(n) === norm(name));
    });
    if (found.length !== 1) return `${found.length} controls ${JSON.stringify(name)} are listed now`;
    return { function: call.function, arguments: { ...rest, name, id: /^\[(\w+)\]/.exec(found[0]!)![1]! } };
  }

  /** The state that counts as progress (what the document holds, where it was saved, which dialog shows). */
  private fingerprint(): string {
    return JSON.stringify([this.text, this.savedAs, this.dialog?.kind, this.dialog?.name]);
  }
}

/** The reference solution of the simulated editor's task. */
export const SIM_SOLUTION: ReferenceStep[] = [
  { type: 'hello', into: { role: 'text' } },
  { click: { role: 'menu', name: 'File' } },
  { click: { role: 'menu item', name: 'Save As...' } },
  { setText: '/tmp/hello.txt', into: { role: 'text', label: 'Name:' } },
  { click: { role: 'push button', name: 'Save' } },
  { finish: true },
];

/** A transcript as comparable text: one line per reply. */
export function transcript(turns: readonly SimTurn[]): string[] {
  return turns.map(
    (t) => `${t.actions.map((a) => `${a.function}(${JSON.stringify(a.arguments)})`).join(' + ') || '-'}${t.status === 'FINISH' ? ' FINISH' : ''}`,
  );
}
