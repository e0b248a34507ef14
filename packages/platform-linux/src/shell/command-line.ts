import { ShellRefusedError } from '../errors.js';

const SHELL_SYNTAX: Record<string, string> = {
  '|': 'pipes',
  '&': 'background jobs and &&',
  ';': 'command lists (;)',
  '<': 'redirections',
  '>': 'redirections',
  '(': 'subshells',
  ')': 'subshells',
  $: 'variable and command substitution ($, $( ))',
  '`': 'command substitution (backticks)',
  '\n': 'several lines',
  '\r': 'several lines',
  '*': 'globbing',
  '?': 'globbing',
  '[': 'globbing',
  '{': 'brace expansion',
  '}': 'brace expansion',
};

function refuse(char: string, line: string): never {
  const what = SHELL_SYNTAX[char] ?? `the character ${JSON.stringify(char)}`;
  throw new ShellRefusedError(
    `refused ${JSON.stringify(line)}: ${what} ${char === '$' || char === '`' ? 'are' : 'is'} not supported. There is no shell: run one program with its arguments (quote an argument that contains such characters)`,
  );
}

/**
 * Splits a command line into argv the way a POSIX shell would for plain words and quotes (`'…'`, `"…"`,
 * backslash escapes), but without any expansion: unquoted shell syntax (pipes, `;`, `&`, redirections,
 * `$`/backticks, globs, braces, a leading `~`, newlines) is refused, and so are `$` and backticks inside double
 * quotes, instead of being passed on literally.
 */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (inWord) out.push(current);
      current = '';
      inWord = false;
      i += 1;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellRefusedError(`refused ${JSON.stringify(line)}: unterminated single quote`);
      current += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i += 1;
      let closed = false;
      while (i < line.length) {
        const d = line[i]!;
        if (d === '"') {
          closed = true;
          i += 1;
          break;
        }
        if (d === '$' || d === '`') refuse(d, line);
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          current += line[i + 1];
          i += 2;
          continue;
        }
        if (d === '\n' || d === '\r' || d === '\0') refuse('\n', line);
        current += d;
        i += 1;
      }
      if (!closed) throw new ShellRefusedError(`refused ${JSON.stringify(line)}: unterminated double quote`);
      inWord = true;
      continue;
    }
    if (c === '\\') {
      const next = line[i + 1];
      if (next === undefined || next === '\n' || next === '\r') refuse('\n', line);
      current += next;
      inWord = true;
      i += 2;
      continue;
    }
    if (c === '\0') throw new ShellRefusedError(`refused ${JSON.stringify(line)}: NUL character`);
    if (c in SHELL_SYNTAX) refuse(c, line);
    if (c === '~' && !inWord) refuse('~', line);
    current += c;
    inWord = true;
    i += 1;
  }
  if (inWord) out.push(current);
  return out;
}
