// Reads back what the prompts of this package show a model: the control and window listings, and the outcome of
// the previous step's actions. What a model (or a replay standing in for one) sees is what these functions return.
import type { ChatMessage } from '@ufo-ts/core';
import { BATCH_INSTRUCTIONS } from '../processors/app-processor.js';

/** One line of a control or window listing as the prompt shows it: `[a3] push button "OK" shows "…"`. */
export interface ListedItem {
  /** The id the model must use (`a3`, an X window id). */
  id: string;
  /** The role (controls) or type (windows) before the name; empty when none is shown. */
  role: string;
  name: string;
  /** What the control shows (`shows "…"`), when listed. */
  shows?: string;
  /** The current value of a slider, spin button or progress bar (`value 30 (min 0, max 100)`), when listed. */
  value?: number;
  /** A table cell's column header (`at row 9, column 2 (column "Price")`), when listed. */
  column?: string;
  /** Whatever follows the name on the line (states, labels), as the prompt wrote it. */
  rest: string;
  /** The states listed at the end of the line (`[focused, checked]`). */
  states: string[];
  /** The whole line. */
  line: string;
}

/** The listings of one prompt. */
export interface PromptListing {
  /** The controls of the selected window; empty when the prompt lists none. */
  controls: ListedItem[];
  /** The desktop's windows; empty when the prompt lists none. */
  windows: ListedItem[];
  /** Every text of the last user message, for "is this text anywhere in the prompt" checks. */
  text: string;
  /** Whether the prompt reports that an action of the previous step failed. */
  lastActionFailed: boolean;
  /**
   * The lines of the `<Your last actions and their results:>` section, one per action of the previous reply, in
   * order (empty when there were none). Absent on listings not read from a prompt.
   */
  lastActions?: ActionOutcome[];
  /**
   * Whether the system prompt says an action may name its control by `name` (and `role`) instead of `id`, to be
   * looked up when its turn comes ({@link BATCH_INSTRUCTIONS}: the engine checks the actions of a reply). Absent on
   * listings not read from a prompt.
   */
  namedTargets?: boolean;
  /** Whether the prompt carries a `<Finish check:>`: the engine rejected the previous FINISH. */
  finishRejected?: boolean;
}

/**
 * One action of the previous step as the prompt reports it: `- fn({json args}) → success: {json result}`,
 * `→ failure: CODE: message`, `→ skipped: TARGET_CHANGED: …` or `→ not run`.
 */
export interface ActionOutcome {
  /** The tool called (`click_input`). */
  function: string;
  /** `success`, `failure`, `skipped`, `not run`, or another status the engine wrote. */
  status: string;
  /** What follows the status (`{"effect":…}` for a success, `CODE: message` otherwise); empty when nothing does. */
  detail: string;
  /** Whether the action ran and succeeded. */
  succeeded: boolean;
  /** The action's arguments as the line gives them (JSON), when they parse. */
  arguments?: Record<string, unknown>;
  /** The whole line. */
  line: string;
}

/** The text parts of the last user message (the one describing the current step). */
export function lastUserText(messages: readonly ChatMessage[]): string {
  const user = [...messages].reverse().find((m) => m.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return user.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/**
 * Reads the control and window listings out of the prompt the engine sent: the sections whose heading starts
 * with `<Controls` and `<Windows`, one item per line, and the outcome of each of the previous step's actions.
 */
export function readPromptListing(messages: readonly ChatMessage[]): PromptListing {
  const text = lastUserText(messages);
  const lastActions = readLastActions(text);
  return {
    controls: section(text, /^<Controls\b[^\n]*>$/m),
    windows: section(text, /^<Windows\b[^\n]*>$/m),
    text,
    lastActionFailed: lastActions.some((a) => !a.succeeded),
    lastActions,
    namedTargets: systemText(messages).includes(BATCH_INSTRUCTIONS),
    finishRejected: /^<Finish check\b[^\n]*>[ \t]*$/m.test(text),
  };
}

/** The text of the system messages. */
function systemText(messages: readonly ChatMessage[]): string {
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')))
    .join('\n');
}

/** Reads the `<Your last actions…>` section: one outcome per action line (`- fn(args) → status: detail`). */
export function readLastActions(text: string): ActionOutcome[] {
  const match = /^<Your last actions\b[^\n]*>$/m.exec(text);
  if (!match) return [];
  const body = text.slice(match.index + match[0].length);
  const end = body.search(/\n\s*\n|\n<[A-Z][^\n]*>/);
  return (end < 0 ? body : body.slice(0, end)).split('\n').flatMap((line) => {
    const head = /^- ([^\s(]*)\(/.exec(line);
    const arrow = head ? argumentsEnd(line, head[0].length) : -1;
    if (!head || arrow < 0) return [];
    const m = /^([^:\n]+?)(?::\s?(.*))?$/.exec(line.slice(arrow + ') → '.length));
    if (!m) return [];
    const status = m[1]!.trim();
    const args = jsonObject(line.slice(head[0].length, arrow));
    return [{ function: head[1]!, status, detail: m[2] ?? '', succeeded: status === 'success', line, ...(args ? { arguments: args } : {}) }];
  });
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the `) → ` after an action's JSON arguments starts (the arguments may contain that text themselves). */
function argumentsEnd(line: string, start: number): number {
  let first = -1;
  for (let at = line.indexOf(') → ', start); at >= 0; at = line.indexOf(') → ', at + 1)) {
    if (first < 0) first = at;
    try {
      JSON.parse(line.slice(start, at));
      return at;
    } catch {
      // Not the end of the arguments yet.
    }
  }
  return first;
}

function section(text: string, heading: RegExp): ListedItem[] {
  const match = heading.exec(text);
  if (!match) return [];
  const body = text.slice(match.index + match[0].length).replace(/^\n/, '');
  const end = body.search(/\n\s*\n|\n<[A-Z][^\n]*>/);
  return (end < 0 ? body : body.slice(0, end))
    .split('\n')
    .map(parseListedLine)
    .filter((item): item is ListedItem => item !== undefined);
}

/** Parses one listing line; undefined for lines that are not items (`(none)`). */
export function parseListedLine(line: string): ListedItem | undefined {
  const head = /^\s*\[([^\]]+)\]\s*/.exec(line);
  if (!head) return undefined;
  const afterId = line.slice(head[0].length);
  const quote = afterId.indexOf('"');
  if (quote < 0) return { id: head[1]!, role: afterId.trim(), name: '', rest: '', states: [], line };
  const role = afterId.slice(0, quote).trim();
  const { value: name, end } = quoted(afterId, quote);
  const rest = afterId.slice(end).trim();
  const states = /\[([^\]"]*)\]\s*(?:\(agent\))?$/.exec(rest);
  const item: ListedItem = {
    id: head[1]!,
    role,
    name,
    rest,
    states: states
      ? states[1]!
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    line,
  };
  const shows = /(?:^|\s)shows\s+("(?:[^"\\]|\\.)*")/.exec(rest);
  if (shows) item.shows = JSON.parse(shows[1]!) as string;
  // what the control shows is quoted text of the app's: values and cells are read after it
  const after = shows ? rest.slice(shows.index + shows[0].length) : rest;
  const value = /(?:^|\s)value\s+(-?\d+(?:\.\d+)?)/.exec(after);
  if (value) item.value = Number(value[1]);
  const column = /\(column\s+("(?:[^"\\]|\\.)*")/.exec(after);
  if (column) item.column = JSON.parse(column[1]!) as string;
  return item;
}

/**
 * The quoted name starting at `start`: up to the last quote that is followed by the end of the line or by a
 * space (names are written raw and may themselves contain quotes).
 */
function quoted(text: string, start: number): { value: string; end: number } {
  let end = -1;
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '"' && (i === text.length - 1 || text[i + 1] === ' ')) {
      end = i;
      // The first quote followed by a space that starts a known trailer ends the name.
      if (/^ (shows |\(|label|labelled|labeled|\[|states?|value|checked|selected|at row|caret|with \d+ rows)/.test(text.slice(i + 1))) break;
    }
  }
  if (end < 0) end = text.length - 1;
  return { value: text.slice(start + 1, end), end: end + 1 };
}
