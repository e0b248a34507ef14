import type { ChatMessage } from '@ufo-ts/core';

/** One line of a control or window listing as the prompt shows it: `[a3] push button "OK" shows "…"`. */
export interface ListedItem {
  /** The id the model must use (`a3`, an X window id). */
  id: string;
  /** The role (controls) or type (windows) before the name; empty when none is shown. */
  role: string;
  name: string;
  /** What the control shows (`shows "…"`), when listed. */
  shows?: string;
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
 * with `<Controls` and `<Windows`, one item per line.
 */
export function readPromptListing(messages: readonly ChatMessage[]): PromptListing {
  const text = lastUserText(messages);
  return {
    controls: section(text, /^<Controls\b[^\n]*>$/m),
    windows: section(text, /^<Windows\b[^\n]*>$/m),
    text,
    lastActionFailed: lastActionsFailed(text),
  };
}

/** Reads the `<Your last actions…>` section: true when one of its lines reports something other than success. */
function lastActionsFailed(text: string): boolean {
  const match = /^<Your last actions\b[^\n]*>$/m.exec(text);
  if (!match) return false;
  const body = text.slice(match.index + match[0].length);
  const end = body.search(/\n\s*\n|\n<[A-Z][^\n]*>/);
  return (end < 0 ? body : body.slice(0, end))
    .split('\n')
    .some((line) => /^- [^\n]*?\) → (?!success)/.test(line));
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
  const item: ListedItem = { id: head[1]!, role, name, rest, states: states ? states[1]!.split(',').map((s) => s.trim()).filter(Boolean) : [], line };
  const shows = /(?:^|\s)shows\s+("(?:[^"\\]|\\.)*")/.exec(rest);
  if (shows) item.shows = JSON.parse(shows[1]!) as string;
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
      if (/^ (shows |\(|label|labelled|labeled|\[|states?|value|checked|selected)/.test(text.slice(i + 1))) break;
    }
  }
  if (end < 0) end = text.length - 1;
  return { value: text.slice(start + 1, end), end: end + 1 };
}
