// Checks the links of Markdown files the way GitHub renders them: a relative link must name a file or folder
// that exists, and its `#anchor` must be the slug of a heading (or an explicit `<a id>`/`<a name>`) of the Markdown
// file it points to; an in-page `#anchor` must exist in the page itself. External http(s) and mailto links are
// checked for syntax only (no network). Links inside fenced code blocks and inline code are not links.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The lines of `markdown` with fenced code blocks blanked out (line numbers stay), inline code removed. */
export function proseLines(markdown) {
  const lines = markdown.split('\n');
  let fence;
  return lines.map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1][0] === fence[0] && closing[1].length >= fence.length) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker[1];
      return '';
    }
    return line.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length));
  });
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading) {
  const text = heading
    .replace(/\\([!-/:-@[-`{-~])/g, '$1') // backslash escapes: the character itself
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/(\*{1,3}|~~)(\S(?:.*?\S)?)\1/g, '$2') // * and ~~ emphasis
    .replace(/(^|[^\p{L}\p{N}])(_{1,3})(\S(?:.*?\S)?)\2(?![\p{L}\p{N}])/gu, '$1$3') // _ emphasis (not inside words)
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a Markdown file offers: heading slugs (duplicates numbered -1, -2 like GitHub) and HTML ids/names. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const counts = new Map();
  const addHeading = (text) => {
    const base = githubSlug(text.replace(/`/g, ''));
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    anchors.add(seen === 0 ? base : `${base}-${seen}`);
  };
  const raw = markdown.split('\n');
  const prose = proseLinesKeepingCode(markdown);
  prose.forEach((line, index) => {
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) addHeading(atx[1]);
    else if (
      /^ {0,3}(=+|-+)\s*$/.test(line) &&
      index > 0 &&
      prose[index - 1].trim() !== '' &&
      !/^\s*([-*+]|\d+\.|>|\|)/.test(prose[index - 1]) &&
      !/^ {0,3}#/.test(prose[index - 1]) &&
      raw[index - 1] === prose[index - 1]
    ) {
      addHeading(prose[index - 1].trim());
    }
    for (const match of line.matchAll(/<a\s+[^>]*?(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(match[1]);
  });
  return anchors;
}

/** Like {@link proseLines} but keeps inline code (heading slugs include the text of code spans). */
function proseLinesKeepingCode(markdown) {
  const blanked = proseLines(markdown);
  const lines = markdown.split('\n');
  return lines.map((line, index) => (blanked[index] === '' ? '' : line));
}

/** Every link of a Markdown text: `{ target, line }` for inline links, images, reference definitions and autolinks. */
export function linksOf(markdown) {
  const links = [];
  proseLines(markdown).forEach((line, index) => {
    const at = index + 1;
    for (const m of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+(?:\([^\s)]*\)[^\s)]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      links.push({ target: m[1].replace(/^<|>$/g, ''), line: at });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) links.push({ target: definition[1].replace(/^<|>$/g, ''), line: at });
    for (const m of line.matchAll(/<(https?:\/\/[^>\s]+)>/g)) links.push({ target: m[1], line: at });
    for (const m of line.matchAll(/<a\s+[^>]*?href\s*=\s*["']([^"']+)["']/gi)) links.push({ target: m[1], line: at });
  });
  return links;
}

/** Why `target` (a link in `file`) is broken, or `undefined` when it resolves. */
export function checkLink(file, target, { repo, anchorCache = new Map() }) {
  const anchorsFor = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchorCache.get(path);
  };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target);
  if (scheme) {
    const name = scheme[1].toLowerCase();
    if (name === 'mailto') return /^mailto:[^@\s]+@[^@\s]+$/i.test(target) ? undefined : 'malformed mailto link';
    if (name !== 'http' && name !== 'https') return `unsupported link scheme "${name}:"`;
    try {
      const url = new URL(target);
      if (!url.hostname || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return 'malformed URL (no host name)';
      return undefined;
    } catch {
      return 'malformed URL';
    }
  }
  if (target.startsWith('//')) return 'protocol-relative URL';
  const hashAt = target.indexOf('#');
  const pathPart = (hashAt === -1 ? target : target.slice(0, hashAt)).replace(/\?.*$/, '');
  const anchor = hashAt === -1 ? undefined : target.slice(hashAt + 1);
  let path;
  try {
    path = decodeURIComponent(pathPart);
  } catch {
    return 'malformed percent-encoding';
  }
  const resolved = path === '' ? file : path.startsWith('/') ? join(repo, path) : resolve(dirname(file), path);
  if (!resolved.startsWith(repo)) return 'points outside the repository';
  if (!existsSync(resolved)) return `no such file: ${relative(repo, resolved)}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(resolved).isDirectory()) return 'anchor on a folder link';
  if (!resolved.endsWith('.md')) return /^L\d+(-L\d+)?$/.test(anchor) ? undefined : `anchor #${anchor} on a non-Markdown file`;
  let decoded;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    return 'malformed percent-encoding in the anchor';
  }
  return anchorsFor(resolved).has(decoded) ? undefined : `no heading or anchor #${anchor} in ${relative(repo, resolved)}`;
}

/** Broken links of the given Markdown files: `[{ file, line, target, reason }]` (file relative to `repo`). */
export function brokenLinks(files, { repo }) {
  const anchorCache = new Map();
  const broken = [];
  for (const file of files) {
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      const reason = checkLink(file, target, { repo, anchorCache });
      if (reason) broken.push({ file: relative(repo, file), line, target, reason });
    }
  }
  return broken;
}

/** The Markdown files the project documents itself with: docs/**\/*.md, README.md and packages/*\/README.md. */
export function documentationFiles(repo) {
  const files = [join(repo, 'README.md')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(repo, 'docs'))) walk(join(repo, 'docs'));
  for (const name of readdirSync(join(repo, 'packages'))) {
    const readme = join(repo, 'packages', name, 'README.md');
    if (existsSync(readme)) files.push(readme);
  }
  return files.sort();
}
