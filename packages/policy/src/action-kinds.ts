import type { ActionFacts, ControlFacts } from './facts.js';
import type { ActionKind } from './schema.js';

/** Tools that put text into a control or the focused window. */
const TEXT_TOOL = /^(set_edit_text|type_text|keyboard_input|type_keys|send_keys|input_text|set_text|type|fill|fill_field)$/i;
/** Tools that click or invoke a control or a point. */
const CLICK_TOOL = /click|invoke|tap|press_button/i;
/** Tools that run a shell command (the command in `command`, `cmd` or `script`). */
const SHELL_TOOL = /shell|terminal|exec|command|powershell|bash/i;
/** Tools whose name alone says they delete. */
const DELETE_TOOL = /(^|[_.-])(delete|remove|unlink|rmdir|trash|erase)([_.-]|$)/i;
/** Tools whose name alone says they send. */
const SEND_TOOL = /(^|[_.-])(send|submit|pay|payment|purchase|buy|order|checkout|transfer|wire)([_.-]|$)/i;

const PASSWORD_ROLE = /password/i;
const PASSWORD_TEXT = /\b(password|passcode|passphrase|passwort|mot de passe|pin)\b/i;
const FILE_DIALOG_NAME =
  /^\s*(open|open file|open\.\.\.|open…|save as|save as\.\.\.|save as…|browse|browse\.\.\.|browse…|upload|upload file|import|import\.\.\.|attach|attach file|insert file|choose file|select file)\b/i;
const FILE_DIALOG_KEYS = /(^|[\s{(+])(ctrl|control|\^)\s*\+?\s*(shift\s*\+\s*)?[os]\b|\^\+?[os]\b/i;
const DELETE_NAME = /\b(delete|remove|trash|erase|discard|move to trash|empty trash)\b/i;
const DELETE_KEYS = /(^|[\s{(])(shift\s*\+\s*)?(delete|del)(\}|\s|$)|\+\{?del(ete)?\b/i;
const TEXT_ROLE = /text|edit|entry|document|terminal|spin|combo/i;
const DELETE_SHELL = /(^|[\s;&|(`$])(rm|rmdir|unlink|shred|del|erase|rd|remove-item|trash|trash-put|gio\s+trash|wipe|srm)(\s|$)|\s-delete\b|--remove-files\b/i;
const SEND_NAME =
  /\b(send|submit|pay|pay now|purchase|buy|buy now|checkout|check out|place order|confirm order|confirm payment|transfer|post|publish|reply all|reply|forward)\b/i;
const PRESS_KEYS = /^\s*(\{?(return|enter|kp_enter|space)\}?|~|\s)\s*$/i;
const SEND_KEYS = /(ctrl|control)\s*\+\s*(return|enter)\b|\^\{?(enter|return)\}?/i;

/** Kinds that certainly apply and kinds that may apply (their target is not known), as bit sets. */
export interface ClassifiedKinds {
  sure: number;
  maybe: number;
}

/** The bit of each kind in {@link ClassifiedKinds}. */
export const KIND_BIT = { password_input: 1, file_dialog: 2, delete: 4, send: 8 } as const satisfies Record<ActionKind, number>;

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function names(target: ControlFacts): string {
  return `${target.name ?? ''}\n${target.label ?? ''}`;
}

/**
 * Recognises the kinds of an action from its tool, arguments and target:
 * - `password_input`: a text tool (`set_edit_text`, `type_text`, `keyboard_input`, `type_keys`, ...) whose target's
 *   role contains `password`, or whose name or label says password, passcode, passphrase or PIN;
 * - `file_dialog`: the Open or Save shortcut (`ctrl+o`, `ctrl+s`, `ctrl+shift+s`, pywinauto `^o`) sent by a key
 *   tool, or a click on a control named Open, Save as, Browse, Upload, Import, Attach, Choose file, ...;
 * - `delete`: a tool named delete/remove/unlink/trash/erase, a shell command running `rm`, `rmdir`, `unlink`,
 *   `shred`, `del`, `Remove-Item`, `trash`, `find -delete`, ..., the Delete key (`shift+Delete` always, plain
 *   `Delete` when the target is not a text field), or a click on a control named Delete, Remove, Trash, Erase,
 *   Discard;
 * - `send`: a tool named send/submit/pay/payment/purchase/buy/order/checkout/transfer/wire, `ctrl+Return` / `ctrl+Enter`, or a click on a control
 *   named Send, Submit, Pay, Purchase, Buy, Checkout, Place order, Transfer, Post, Publish, Reply, Forward.
 * Return, Enter or Space sent alone by a key tool press the focused control, so they count as a click on it.
 * A condition on the target whose target is unknown (`facts.target` undefined) makes the kind one that may apply.
 *
 * @example
 * ```ts
 * const { sure } = classifyAction({ tool: 'keyboard_input', toolType: 'action', arguments: { keys: 'ctrl+o' }, target: null });
 * (sure & KIND_BIT.file_dialog) !== 0; // true
 * ```
 */
export function classifyAction(facts: ActionFacts): ClassifiedKinds {
  let sure = 0;
  let maybe = 0;
  const tool = facts.tool;
  const args = facts.arguments;
  const target = facts.target;
  let pressesTarget = false;
  const onTarget = (bit: number, test: (t: ControlFacts) => boolean): void => {
    if (target === undefined) maybe |= bit;
    else if (target !== null && test(target)) sure |= bit;
  };
  if (TEXT_TOOL.test(tool)) {
    onTarget(KIND_BIT.password_input, (t) => PASSWORD_ROLE.test(t.role ?? '') || PASSWORD_TEXT.test(names(t)));
    const keys = `${textOf(args.keys)} ${textOf(args.text)}`;
    if (FILE_DIALOG_KEYS.test(textOf(args.keys))) sure |= KIND_BIT.file_dialog;
    if (SEND_KEYS.test(keys)) sure |= KIND_BIT.send;
    // Return, Enter or Space on a focused button presses it, as a click would
    if (PRESS_KEYS.test(textOf(args.keys))) pressesTarget = true;
    const del = textOf(args.keys);
    if (DELETE_KEYS.test(del)) {
      if (/shift\s*\+\s*(delete|del)\b|\+\{?del/i.test(del)) sure |= KIND_BIT.delete;
      else onTarget(KIND_BIT.delete, (t) => !TEXT_ROLE.test(t.role ?? ''));
    }
  }
  if (pressesTarget || CLICK_TOOL.test(tool)) {
    onTarget(KIND_BIT.file_dialog, (t) => FILE_DIALOG_NAME.test(t.name ?? '') || FILE_DIALOG_NAME.test(t.label ?? ''));
    onTarget(KIND_BIT.delete, (t) => DELETE_NAME.test(names(t)));
    onTarget(KIND_BIT.send, (t) => SEND_NAME.test(names(t)));
  }
  if (SHELL_TOOL.test(tool)) {
    const command = `${textOf(args.command)} ${textOf(args.cmd)} ${textOf(args.script)}`;
    if (DELETE_SHELL.test(command)) sure |= KIND_BIT.delete;
  }
  if (DELETE_TOOL.test(tool)) sure |= KIND_BIT.delete;
  if (SEND_TOOL.test(tool)) sure |= KIND_BIT.send;
  return { sure, maybe: maybe & ~sure };
}

/**
 * The kinds of {@link classifyAction} as names: those that apply, and those that may.
 *
 * @example
 * ```ts
 * actionKinds({ tool: 'run_shell', toolType: 'action', arguments: { command: 'rm -rf build' }, target: null });
 * // → { kinds: ['delete'], maybe: [] }
 * ```
 */
export function actionKinds(facts: ActionFacts): { kinds: ActionKind[]; maybe: ActionKind[] } {
  const { sure, maybe } = classifyAction(facts);
  const all = Object.entries(KIND_BIT) as Array<[ActionKind, number]>;
  return { kinds: all.filter(([, b]) => sure & b).map(([k]) => k), maybe: all.filter(([, b]) => maybe & b).map(([k]) => k) };
}
