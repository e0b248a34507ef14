// The documentation check run by `npm test`: the guides' code blocks are copies of the snippet files, the snippets
// type-check against the built packages and the runnable ones run, the API reference builds from the packages'
// declarations with every internal link resolving, and every link of docs/, README.md and the package READMEs
// resolves. The checker itself is tested on files with known broken links.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../lib/tool-env.mjs';
import { buildApiReference } from './api-reference.mjs';
import { anchorsOf, brokenLinks, documentationFiles, githubSlug } from './links.mjs';
import { runSnippets, syncSnippets, typecheckSnippets } from './snippets.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'ufo-docs-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Markdown files under `dir`, recursively. */
function markdownUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

const GENERATED = join(repoRoot, 'docs', 'api');
const committedDocs = () => documentationFiles(repoRoot).filter((file) => !file.startsWith(`${GENERATED}/`));

describe('the link checker', () => {
  test('slugs headings the way GitHub does', () => {
    expect(githubSlug('The two commands')).toBe('the-two-commands');
    expect(githubSlug('`createLinuxAgent(options)` and *more*')).toBe('createlinuxagentoptions-and-more');
    expect(githubSlug('LOG\\_FOLDER\\_OWNER\\_FILE')).toBe('log_folder_owner_file');
    expect(githubSlug('Options (`new LocalCommandDispatcher(options)`)')).toBe('options-new-localcommanddispatcheroptions');
    expect([...anchorsOf('# A\n\n## Usage\n\n```md\n## Not a heading\n```\n\n## Usage\n\nSetext\n---\n<a id="custom"></a>\n')]).toEqual([
      'a',
      'usage',
      'usage-1',
      'setext',
      'custom',
    ]);
  });

  test('reports each broken link of a file, with its line and reason, and accepts the good ones', () => {
    const dir = join(scratch, 'links');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'sub', 'target.md'), '# Target\n\n## Has anchor\n');
    writeFileSync(
      join(dir, 'page.md'),
      [
        '# Page',
        '[good file](sub/target.md) [good anchor](sub/target.md#has-anchor) [in page](#page) [folder](sub/)',
        '[external](https://example.com/a?b#c) <https://example.org> [mail](mailto:someone@example.com)',
        '`[in code](missing.md)`',
        '```md',
        '[in a fence](missing.md)',
        '```',
        '[missing file](sub/missing.md)',
        '[missing anchor](sub/target.md#no-such-heading)',
        '[missing in page](#nowhere)',
        '[bad url](https://)',
        '[ref]: ./also-missing.md',
      ].join('\n'),
    );
    const broken = brokenLinks([join(dir, 'page.md')], { repo: dir });
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [8, 'sub/missing.md'],
      [9, 'sub/target.md#no-such-heading'],
      [10, '#nowhere'],
      [11, 'https://'],
      [12, './also-missing.md'],
    ]);
    expect(broken[0].reason).toBe('no such file: sub/missing.md');
    expect(broken[1].reason).toBe('no heading or anchor #no-such-heading in sub/target.md');
  });

  test('the build script exits 1 and names a broken link of a guide', async () => {
    const { spawnSync } = await import('node:child_process');
    const name = `broken-link-probe-${process.pid}.md`;
    const probe = join(repoRoot, 'docs', 'guides', name);
    writeFileSync(probe, '# Probe\n\nSee [the missing guide](no-such-guide.md).\n');
    let run;
    try {
      run = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'docs', 'build.mjs'), '--check', '--no-api', '--no-typecheck'], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
    } finally {
      rmSync(probe, { force: true });
    }
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`docs/guides/${name}:3: broken link no-such-guide.md (no such file: docs/guides/no-such-guide.md)`);
    expect(run.stderr).toContain('The documentation has 1 problem(s)');
  }, 60_000);

  test('finds a guide block that differs from its snippet, a missing region, and code without a snippet', () => {
    const dir = join(scratch, 'snippets');
    mkdirSync(join(dir, 'docs', 'guides', 'snippets'), { recursive: true });
    writeFileSync(join(dir, 'docs', 'guides', 'snippets', 'a.ts'), '// header\n// #region part\nconst a = 1;\n// #endregion part\n');
    const guide = join(dir, 'docs', 'guides', 'g.md');
    writeFileSync(
      guide,
      [
        '<!-- snippet: snippets/a.ts#part -->',
        '```ts',
        'const a = 2;',
        '```',
        '<!-- snippet: snippets/a.ts#nope -->',
        '```ts',
        '```',
        '```ts',
        'loose();',
        '```',
        '```sh',
        'npm test',
        '```',
        '',
      ].join('\n'),
    );
    const problems = syncSnippets([guide], { repo: dir, write: false }).map((p) => [p.line, p.problem.split(':')[0]]);
    expect(problems).toEqual([
      [2, 'differs from snippets/a.ts#part'],
      [5, 'docs/guides/snippets/a.ts'],
      [8, 'a ts block without a <!-- snippet'],
    ]);
  });
});

describe('the documentation', () => {
  test('every link of docs/, README.md and packages/*/README.md resolves', () => {
    const broken = brokenLinks(committedDocs(), { repo: repoRoot });
    expect(broken.map((b) => `${b.file}:${b.line}: ${b.target} (${b.reason})`)).toEqual([]);
  });

  test('the guides hold exactly their snippets, and every code block of a guide is one', () => {
    const problems = syncSnippets(committedDocs(), { repo: repoRoot, write: false });
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.problem}`)).toEqual([]);
  });

  test('the snippets type-check against the built packages', () => {
    const { ok, output } = typecheckSnippets(repoRoot);
    expect(ok, output).toBe(true);
  }, 120_000);

  test('the snippets that need no real desktop or model key run, and the testing guide passes', () => {
    const { ok, output } = runSnippets(repoRoot);
    expect(ok, output).toBe(true);
    expect(output).toMatch(/Tests\s+9 passed/);
  }, 180_000);

  test('the API reference builds from every public entry point, and its links resolve', async () => {
    const out = join(scratch, 'api');
    const { modules } = await buildApiReference({ out });
    expect(modules).toContain('@ufo-ts/core');
    expect(modules).toContain('@ufo-ts/core/testing');
    expect(modules).not.toContain('@ufo-ts/core/internal');
    const pages = markdownUnder(out);
    expect(pages.length).toBeGreaterThan(modules.length);
    const broken = brokenLinks(pages, { repo: out });
    expect(broken.map((b) => `${b.file}:${b.line}: ${b.target} (${b.reason})`)).toEqual([]);
  }, 240_000);
});
