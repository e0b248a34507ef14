// The API reference: TypeDoc over the built declarations (dist/*.d.ts) of every public entry point of every
// published package, written as Markdown into docs/api/ (generated, not committed). Reading the built
// declarations follows the packages' `exports` maps exactly (what a consumer imports is what is documented) and
// needs no type-check of the sources. Each entry point gets a one-line wrapper file that names its module
// (`@ufo-ts/core/testing`) and re-exports the declarations, so the reference is organised by import path.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../lib/tool-env.mjs';
import { publishablePackages } from '../packaging/package-fields.mjs';
import { codeEntries } from '../api-report/entries.mjs';

/** Subpaths that are published for the packages' own use and left out of the reference. */
const INTERNAL_SUBPATH = /\/internal$/;

/**
 * The documented entry points: `[{ module: '@ufo-ts/core/testing', declarations: '<abs>/dist/testing.d.ts', pkg }]`.
 * @param {string} [repo]
 */
export function referenceEntries(repo = repoRoot) {
  return publishablePackages(repo).flatMap((pkg) =>
    codeEntries(pkg)
      .filter((entry) => !INTERNAL_SUBPATH.test(entry.subpath))
      .map((entry) => ({ module: entry.subpath, declarations: entry.declarations, pkg })),
  );
}

/**
 * Builds the reference. Returns the warnings TypeDoc gave (missing documentation and the like) and where it wrote.
 * Throws when a package is not built (its declarations are missing) or TypeDoc reports an error.
 * @param {{ repo?: string, out?: string, log?: (line: string) => void, skipUnbuilt?: boolean }} [options]
 *   `out`: output folder (default docs/api); `log`: receives TypeDoc's messages (default: dropped);
 *   `skipUnbuilt`: leave out entry points whose package is not built instead of failing (they are listed in `skipped`).
 */
export async function buildApiReference(options = {}) {
  const repo = options.repo ?? repoRoot;
  const out = options.out ?? join(repo, 'docs', 'api');
  const log = options.log ?? (() => {});
  const all = referenceEntries(repo);
  const missing = all.filter((e) => !existsSync(e.declarations));
  const entries = options.skipUnbuilt ? all.filter((e) => existsSync(e.declarations)) : all;
  if (missing.length > 0 && !options.skipUnbuilt) {
    throw new Error(`not built (declarations missing): ${missing.map((e) => relative(repo, e.declarations)).join(', ')}; run \`pnpm build\` first`);
  }

  // A folder of its own per build (two builds may run at once); inside the repository, so the wrappers resolve
  // `@types/node` and the packages' dependencies the way the packages do.
  const cache = join(repo, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'ufo-docs-'));
  try {
    return await convertAndRender({ work, entries, out, log, missing });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes the wrappers and the tsconfig into `work`, runs TypeDoc, writes `out`. */
async function convertAndRender({ work, entries, out, log, missing }) {
  const wrappers = entries.map((entry, index) => {
    const file = join(work, `entry-${index}.d.ts`);
    const target = relative(work, entry.declarations)
      .replace(/\\/g, '/')
      .replace(/\.d\.ts$/, '.js');
    writeFileSync(file, `/**\n * @module ${entry.module}\n */\nexport * from '${target.startsWith('.') ? target : `./${target}`}';\n`);
    return file;
  });
  const tsconfig = join(work, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] },
      files: wrappers,
    }),
  );

  const { Application, LogLevel } = await import('typedoc');
  const warnings = [];
  const errors = [];
  const app = await Application.bootstrapWithPlugins({
    entryPoints: wrappers,
    entryPointStrategy: 'resolve',
    tsconfig,
    plugin: ['typedoc-plugin-markdown'],
    out,
    name: 'ufo-ts API reference',
    readme: 'none',
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: false,
    skipErrorChecking: true,
    validation: { notExported: false, invalidLink: true, notDocumented: true, unusedMergeModuleWith: false },
    // The exported items themselves; their members are documented where the item is.
    requiredToBeDocumented: ['Enum', 'Class', 'Interface', 'TypeAlias', 'Function', 'Variable', 'Namespace'],
    packagesRequiringDocumentation: [...new Set(entries.map((e) => e.pkg.manifest.name))],
    disableSources: true,
    logLevel: 'Warn',
    githubPages: false,
    hidePageHeader: true,
    hideBreadcrumbs: false,
    entryFileName: 'README.md',
    outputFileStrategy: 'modules',
    useCodeBlocks: true,
    // Explicit <a id> anchors: the reference links to the ids the plugin gives (numbered when names collide).
    useHTMLAnchors: true,
    sanitizeComments: true,
  });
  // Route TypeDoc's logger into counters (and the caller's log), instead of the console.
  app.logger.log = (message, level) => {
    // eslint-disable-next-line no-control-regex
    const text = String(message).replace(/\u001b\[[0-9;]*m/g, '');
    if (level === LogLevel.Error) errors.push(text);
    else if (level === LogLevel.Warn) warnings.push(text);
    if (level >= LogLevel.Warn) log(text);
  };
  const project = await app.convert();
  if (!project) throw new Error(`TypeDoc could not convert the declarations:\n${errors.join('\n')}`);
  app.validate(project);
  rmSync(out, { recursive: true, force: true });
  await app.generateOutputs(project);
  if (errors.length > 0) throw new Error(`TypeDoc reported ${errors.length} error(s):\n${errors.join('\n')}`);
  return { out, modules: entries.map((e) => e.module), skipped: missing.map((e) => e.module), warnings };
}
