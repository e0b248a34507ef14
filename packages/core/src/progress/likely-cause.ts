import type { Result } from '../command.js';
import type { TargetInfo } from '../target-info.js';
import type { NoProgressCause } from './progress-schemas.js';

/** Failure codes (tools' and dispatchers') and the cause each one names. */
const CAUSE_BY_CODE: Readonly<Record<string, NoProgressCause>> = {
  CONTROL_DISABLED: 'disabled',
  CONTROL_ID_STALE: 'stale_target',
  CONTROL_VANISHED: 'stale_target',
  CONTROL_NOT_FOUND: 'stale_target',
  TARGET_CHANGED: 'stale_target',
  WINDOW_VANISHED: 'window_gone',
  NO_WINDOW_SELECTED: 'window_gone',
  NO_EFFECT: 'no_effect',
};

/**
 * The code of a failed result: its `code`, else the `CODE:` its error text starts with (after the dispatcher's
 * `TOOL_FAILED:` when a tool's own code follows it).
 */
export function failureCode(result: Result): string | undefined {
  if (result.code) return result.code;
  return /^(?:TOOL_FAILED: )?([A-Z][A-Z0-9_]{3,}):/.exec(result.error ?? '')?.[1];
}

/** The states a listing gave a control (`extra.states`). */
export function listedStates(target: TargetInfo | undefined): string[] {
  const states = target?.extra?.['states'];
  return Array.isArray(states) ? states.filter((s): s is string => typeof s === 'string') : [];
}

const TEXT_INPUT = new Set(['type_text', 'set_edit_text', 'keyboard_input']);

/**
 * The likely reason an action did nothing, from what the tool said and how the control was listed: a failure code
 * (`CONTROL_DISABLED` → `disabled`, a stale or vanished id → `stale_target`, a vanished window → `window_gone`,
 * `NO_EFFECT` (the tool saw the action do nothing it is for) → `no_effect`, a control the tool found covered or
 * off screen), the listed states (`disabled`, `read-only`, a text field that is not `editable`), an id the
 * current listing no longer shows while the window is still there (`covered`: a dialog covers it, since listings
 * leave covered controls out), else `no_effect`.
 */
export function likelyCause(input: {
  function: string;
  result: Result | undefined;
  /** The control the action named, as the step's listing showed it (undefined when the listing does not show it). */
  listed: TargetInfo | undefined;
  /** The action named a control id that the step's listing does not show. */
  unlistedId: boolean;
}): NoProgressCause {
  const { result, listed } = input;
  if (result && result.status !== 'success') {
    const code = failureCode(result);
    if (code && CAUSE_BY_CODE[code]) return CAUSE_BY_CODE[code];
    const text = `${result.error ?? ''}`.toLowerCase();
    if (/\bcovered\b|\bblocked by (?:the|an?) .*modal dialog/.test(text)) return 'covered';
    if (/not on screen|off.?screen|no extents/.test(text)) return 'off_screen';
    if (/read.?only|not editable/.test(text)) return 'read_only';
    if (/disabled|insensitive/.test(text)) return 'disabled';
  }
  const states = listedStates(listed);
  if (states.includes('disabled')) return 'disabled';
  if (states.includes('read-only')) return 'read_only';
  if (TEXT_INPUT.has(input.function) && listed && states.length > 0 && !states.includes('editable') && /text|entry|document|terminal/.test(listed.type ?? ''))
    return 'read_only';
  if (states.includes('offscreen') || states.includes('off-screen')) return 'off_screen';
  if (input.unlistedId) return 'covered';
  return 'no_effect';
}
