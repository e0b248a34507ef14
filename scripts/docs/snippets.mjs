// The code of the guides is real code: each TypeScript or JavaScript block in docs/guides/*.md is a copy of a
// file (or a `// #region name` of it) under docs/guides/snippets/, announced by a comment on the line before it:
//
//   <!-- snippet: snippets/first-session.ts#first-session -->
//   ```ts
//   ...
//   ```
//
// The snippet files are type-checked against the built packages (docs/guides/snippets/tsconfig.json) and the ones
// that need neither a real desktop nor a model key are run (run-snippets.test.ts and the *.test.ts files there).
// `syncSnippets` rewrites the blocks from the files, or, with `write: false`, lists the blocks that differ.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  lstatSync,
  readlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const MARKER = /^<!--\s*snippet:\s*(\S+?)\s*-->\s*$/;
const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'cjs', 'tsx']);

/** The lines of `source` inside `// #region name` … `// #endregion name` (other region markers dropped); the whole file without a name. */
export function regionOf(source, name, where = 'snippet') {
  const lines = source.replace(/\n$/, '').split('\n');
  const isMarker = (line) => /^\s*\/\/\s*#(end)?region\b/.test(line);
  if (!name) return lines.filter((line) => !isMarker(line)).join('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\s*//\\s*#region\\s+${name}\\s*$`).test(line));
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^\\s*//\\s*#endregion\\s+${name}\\s*$`).test(line));
  if (start === -1 || end === -1) throw new Error(`${where}: no region "${name}" (// #region ${name} … // #endregion ${name})`);
  return lines
    .slice(start + 1, end)
    .filter((line) => !isMarker(line))
    .join('\n');
}

/**
 * Checks (and with `write`, rewrites) the snippet blocks of the given Markdown files. Returns the problems:
 * `[{ file, line, problem }]` — a block that differs from its source (only when not writing), a marker whose file or
 * region is missing or that is not followed by a code block, and a code block of a guide without a marker.
 * @param {string[]} files Markdown files
 * @param {{ repo: string, write: boolean, requireMarkers?: (file: string) => boolean }} options
 *   `requireMarkers`: which files must announce every TypeScript/JavaScript block (default: docs/guides/*.md).
 */
export function syncSnippets(files, { repo, write, requireMarkers = (file) => /docs\/guides\/[^/]+\.md$/.test(file) }) {
  const problems = [];
  for (const file of files) {
    const where = relative(repo, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    const out = [];
    let changed = false;
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
      if (fence) {
        // A code block not announced by a marker: copy it through, and flag it when it is code in a guide.
        const close = lines.findIndex((l, j) => j > i && l.trim() === fence[1]);
        const endAt = close === -1 ? lines.length - 1 : close;
        const announced = out.length > 0 && MARKER.test(out[out.length - 1]);
        if (!announced && CODE_LANGUAGES.has(fence[2]) && requireMarkers(file)) {
          problems.push({
            file: where,
            line: i + 1,
            problem: `a ${fence[2]} block without a <!-- snippet: … --> marker: put the code in docs/guides/snippets/ and include it`,
          });
        }
        out.push(...lines.slice(i, endAt + 1));
        i = endAt;
        continue;
      }
      out.push(line);
      const marker = MARKER.exec(line);
      if (!marker) continue;
      const [path, region] = marker[1].split('#');
      const source = resolve(dirname(file), path);
      const open = /^(`{3,})(\w*)\s*$/.exec(lines[i + 1] ?? '');
      if (!open) {
        problems.push({ file: where, line: i + 1, problem: 'a snippet marker must be followed by a fenced code block' });
        continue;
      }
      const close = lines.findIndex((l, j) => j > i + 1 && l.trim() === open[1]);
      if (close === -1) {
        problems.push({ file: where, line: i + 2, problem: 'the code block after the snippet marker is not closed' });
        continue;
      }
      if (!existsSync(source)) {
        problems.push({ file: where, line: i + 1, problem: `no such snippet file: ${relative(repo, source)}` });
        continue;
      }
      let code;
      try {
        code = regionOf(readFileSync(source, 'utf8'), region, relative(repo, source));
      } catch (error) {
        problems.push({ file: where, line: i + 1, problem: error.message });
        continue;
      }
      const current = lines.slice(i + 2, close).join('\n');
      if (current !== code) {
        if (write) changed = true;
        else problems.push({ file: where, line: i + 2, problem: `differs from ${marker[1]}: run \`node scripts/docs/build.mjs\` to copy the snippet in` });
      }
      out.push(lines[i + 1], ...code.split('\n'), lines[close]);
      i = close;
    }
    if (write && changed) writeFileSync(file, out.join('\n'));
  }
  return problems;
}

/**
 * Makes the workspace packages importable from docs/guides/snippets, as an npm project would have them:
 * node_modules/@ufo-ts/<name> links to packages/<name> (built output and `exports` map included).
 */
export function linkWorkspacePackages(repo) {
  const scope = join(repo, 'docs', 'guides', 'snippets', 'node_modules', '@ufo-ts');
  mkdirSync(scope, { recursive: true });
  for (const name of readdirSync(join(repo, 'packages'))) {
    if (!existsSync(join(repo, 'packages', name, 'package.json'))) continue;
    const link = join(scope, name);
    const target = relative(scope, join(repo, 'packages', name));
    if (existsSync(link) || isSymlink(link)) {
      if (isSymlink(link) && readlinkSync(link) === target) continue;
      rmSync(link, { recursive: true, force: true });
    }
    symlinkSync(target, link, 'dir');
  }
  // zod is a peer of the packages that a project installs itself (guides build tool servers with it)
  const zod = join(repo, 'docs', 'guides', 'snippets', 'node_modules', 'zod');
  const zodTarget = relative(dirname(zod), realpathSync(join(repo, 'packages', 'core', 'node_modules', 'zod')));
  if (!(isSymlink(zod) && readlinkSync(zod) === zodTarget)) {
    rmSync(zod, { recursive: true, force: true });
    symlinkSync(zodTarget, zod, 'dir');
  }
}

function isSymlink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Type-checks the snippets with the repository's TypeScript: `{ ok, output }`. */
export function typecheckSnippets(repo) {
  linkWorkspacePackages(repo);
  const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(repo, 'docs', 'guides', 'snippets', 'tsconfig.json')], { cwd: repo, encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Runs the runnable snippets and the testing guide's tests with vitest, in a scratch folder (their logs go there): `{ ok, output }`. */
export function runSnippets(repo) {
  linkWorkspacePackages(repo);
  const scratch = mkdtempSync(join(tmpdir(), 'ufo-docs-snippets-'));
  try {
    const vitest = join(repo, 'node_modules', 'vitest', 'vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', join(repo, 'docs', 'guides', 'snippets')], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
