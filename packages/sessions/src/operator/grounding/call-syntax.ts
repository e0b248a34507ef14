/** A function call as a model wrote it: `click(start_box='(10,20)')` → `{ name: 'click', args: { start_box: '(10,20)' } }`. */
export interface WrittenCall {
  name: string;
  /** Keyword arguments; quoted values unquoted and unescaped, others as written (`None`, `(1,2)`, `5`). */
  args: Record<string, string>;
  /** The call's text as written. */
  text: string;
}

/** A call read from the start of a text, or why none could be. */
export type CallReading = { ok: true; call: WrittenCall; rest: string } | { ok: false; reason: string };

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', "'": "'", '"': '"', '\\': '\\' };

function unquote(value: string): string {
  const quote = value[0];
  if ((quote !== "'" && quote !== '"') || value.length < 2 || value[value.length - 1] !== quote) return value;
  return value.slice(1, -1).replace(/\\(.)/g, (whole, ch: string) => ESCAPES[ch] ?? whole);
}

/** Splits `text` at `separator` characters that are outside quotes and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The index of the parenthesis closing the one at `open`, skipping quoted text; -1 when it is not closed. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Reads the Python-style call at the start of `text` (leading blanks skipped): a name, then keyword arguments in
 * parentheses with quoted or bare values. Commas and parentheses inside quotes or brackets belong to the value.
 *
 * @example
 * ```ts
 * readCall("drag(start_box='(1,2)', end_box='(3,4)') then more");
 * // { ok: true, call: { name: 'drag', args: { start_box: '(1,2)', end_box: '(3,4)' }, text: "drag(...)" }, rest: ' then more' }
 * ```
 */
export function readCall(text: string): CallReading {
  const head = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(/.exec(text);
  if (!head) return { ok: false, reason: `expected a call such as click(start_box='(x,y)'), found ${JSON.stringify(text.trim().slice(0, 60))}` };
  const open = head[0].length - 1;
  const close = closingParen(text, open);
  if (close < 0) return { ok: false, reason: `the call ${JSON.stringify(text.trim().slice(0, 60))} is not closed with ")"` };
  const name = head[1]!;
  const inside = text.slice(open + 1, close);
  const args: Record<string, string> = {};
  for (const part of inside.trim() ? splitTopLevel(inside, ',') : []) {
    const [key, ...value] = splitTopLevel(part, '=');
    const trimmedKey = key?.trim() ?? '';
    if (value.length === 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(trimmedKey)) {
      return { ok: false, reason: `${name}(...) has an argument without a name: ${JSON.stringify(part.trim())}; write it as name='value'` };
    }
    args[trimmedKey] = unquote(value.join('=').trim());
  }
  return { ok: true, call: { name, args, text: text.slice(text.indexOf(name), close + 1) }, rest: text.slice(close + 1) };
}
