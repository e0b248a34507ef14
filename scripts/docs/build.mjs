#!/usr/bin/env node
// Builds the documentation and checks it:
//   1. copies each snippet file into the guide blocks that include it (docs/guides/*.md; `--check`: only reports
//      blocks that differ), and type-checks the snippets against the built packages;
//   2. generates the API reference (TypeDoc → docs/api/, Markdown, not committed) from the built declarations of
//      every published package's public entry points, and counts TypeDoc's warnings;
//   3. checks every link in docs/**/*.md (the new reference included), README.md and packages/*/README.md.
// Exits 1 with the list of what is wrong. Needs the packages built (`pnpm build`); `npm run docs` installs first.
// Options: --check (do not rewrite guides), --no-typecheck (skip the snippets' type-check), --no-api (skip the
// reference), --verbose (print every TypeDoc warning).
import { relative } from 'node:path';
import { repoRoot } from '../lib/tool-env.mjs';
import { buildApiReference } from './api-reference.mjs';
import { brokenLinks, documentationFiles } from './links.mjs';
import { syncSnippets, typecheckSnippets } from './snippets.mjs';

const args = new Set(process.argv.slice(2));
const failures = [];

const docs = documentationFiles(repoRoot);
const snippetProblems = syncSnippets(docs, { repo: repoRoot, write: !args.has('--check') });
for (const p of snippetProblems) failures.push(`${p.file}:${p.line}: ${p.problem}`);
if (!args.has('--no-typecheck')) {
  const typecheck = typecheckSnippets(repoRoot);
  if (typecheck.ok) console.log('snippets: type-checked');
  else failures.push(`docs/guides/snippets do not type-check:\n${typecheck.output}`);
}

if (!args.has('--no-api')) {
  try {
    const started = Date.now();
    const { out, modules, warnings } = await buildApiReference({ log: args.has('--verbose') ? (line) => console.log(line) : undefined });
    const undocumented = warnings.filter((w) => w.includes('does not have any documentation'));
    const perPackage = new Map();
    for (const w of undocumented) {
      const name = /(@ufo-ts\/[\w-]+)/.exec(w)?.[1] ?? '?';
      perPackage.set(name, (perPackage.get(name) ?? 0) + 1);
    }
    console.log(`API reference: ${modules.length} entry points → ${relative(repoRoot, out)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `  TypeDoc warnings: ${warnings.length} (${undocumented.length} exported items without a doc comment, ${warnings.length - undocumented.length} other)`,
    );
    if (undocumented.length > 0) console.log(`  without doc comments: ${[...perPackage].map(([name, n]) => `${name} ${n}`).join(', ')}`);
    for (const w of warnings.filter((x) => !x.includes('does not have any documentation'))) console.log(`  ${w}`);
  } catch (error) {
    failures.push(`API reference: ${error.message}`);
  }
}

const broken = brokenLinks(documentationFiles(repoRoot), { repo: repoRoot });
for (const b of broken) failures.push(`${b.file}:${b.line}: broken link ${b.target} (${b.reason})`);
console.log(`links: ${documentationFiles(repoRoot).length} Markdown files checked, ${broken.length} broken`);

if (failures.length > 0) {
  console.error(`\nThe documentation has ${failures.length} problem(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('documentation: ok');
