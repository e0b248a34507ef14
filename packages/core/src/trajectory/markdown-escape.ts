const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Escapes model-written text for Markdown prose: HTML (`<script>`, `<img onerror>`) becomes text, and the
 * characters that start emphasis, links, images, tables or code are backslash-escaped, so the text renders as
 * written and never as markup (no tracking images, no links the model chose).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[&<>]/g, (ch) => HTML[ch]!).replace(/[\\`*_[\]!|~]/g, '\\$&');
}

/** Text as an inline code span whose delimiter is longer than any run of backticks inside it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text as a fenced code block whose fence is longer than any run of backticks inside it. */
export function codeBlock(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}
