// The packaging fields every publishable package (`packages/*`, not private) carries, computed from the fields it
// already has: used by `apply-package-fields.mjs` to write them and by `package-fields.test.mjs` to check them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/tool-env.mjs';

export const REPOSITORY = 'https://github.com/ufo-ts/ufo-ts';

/** Every `packages/<dir>` (of the repository at `repo`) with its parsed package.json and the path of that file. */
export function workspacePackages(repo = repoRoot) {
  const root = join(repo, 'packages');
  return readdirSync(root)
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const file = join(root, dir, 'package.json');
      return { dir, file, path: join(root, dir), manifest: JSON.parse(readFileSync(file, 'utf8')) };
    });
}

/** The packages npm publishes (not `private`). */
export function publishablePackages(repo = repoRoot) {
  return workspacePackages(repo).filter((p) => p.manifest.private !== true);
}

/**
 * The dual-format form of one `exports` entry: `{ types, import }` (ESM only) becomes an `import` and a `require`
 * branch, each with the declarations of its own kind first. Strings (a JSON schema) and entries already dual stay.
 */
export function dualEntry(entry) {
  if (typeof entry !== 'string' && typeof entry.import === 'string' && typeof entry.types === 'string') {
    const stem = entry.import.replace(/\.js$/, '');
    return {
      import: { types: `${stem}.d.ts`, default: `${stem}.js` },
      require: { types: `${stem}.d.cts`, default: `${stem}.cjs` },
    };
  }
  return entry;
}

/**
 * `typesVersions` for TypeScript's old `node10` resolution, which ignores `exports`: each code subpath
 * (`./testing`) maps to its CommonJS declarations, each JSON subpath (`./schema.json`) to its file.
 * `undefined` when the package has no such subpath.
 */
export function typesVersionsFor(exportsMap) {
  const map = {};
  for (const [key, entry] of Object.entries(exportsMap)) {
    if (key === '.' || key === './package.json') continue;
    if (typeof entry === 'string') map[key.slice(2)] = [entry];
    else if (entry.require) map[key.slice(2)] = [entry.require.types];
  }
  return Object.keys(map).length > 0 ? { '*': map } : undefined;
}

/** Where the package lives in the repository: `repository`, `homepage`, `bugs`. */
export function repositoryFields(dir) {
  return {
    repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory: `packages/${dir}` },
    homepage: `${REPOSITORY}/tree/main/packages/${dir}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
  };
}

/** npm search keywords: the project's own and each package's subject. */
const KEYWORDS = ['ufo-ts', 'ufo', 'desktop-automation', 'ui-automation', 'agent', 'llm'];
const SUBJECT_KEYWORDS = {
  'agent-fsm': ['state-machine'],
  'ai-sdk': ['ai-sdk', 'vercel-ai'],
  aip: ['websocket', 'protocol', 'json-schema'],
  cli: ['cli'],
  cluster: ['bullmq', 'redis'],
  config: ['yaml', 'configuration'],
  core: ['typescript'],
  'desktop-common': ['keyboard'],
  dispatchers: ['mcp', 'model-context-protocol'],
  imaging: ['png', 'screenshot'],
  'llm-providers': ['openai', 'anthropic', 'azure-openai'],
  ocr: ['ocr', 'tesseract'],
  otel: ['opentelemetry', 'tracing'],
  policy: ['policy', 'guardrails'],
  'platform-linux': ['linux', 'at-spi', 'x11', 'mcp'],
  'platform-windows': ['windows', 'uia', 'mcp'],
  'processor-strategies': ['pipeline'],
  server: ['websocket', 'server'],
  sessions: ['session'],
  'task-suite': ['evaluation', 'benchmark'],
  testkit: ['testing', 'mcp'],
};

export function keywordsFor(dir) {
  return [...KEYWORDS, ...(SUBJECT_KEYWORDS[dir] ?? [])];
}

/**
 * Packages whose published declarations use Node's types (`Buffer`, `node:stream`, `NodeJS.*`): they depend on
 * `@types/node` so a consumer's TypeScript finds them (any version for Node 20 or later; the consumer's own
 * copy satisfies it). The workspace itself pins one version (`overrides` in pnpm-workspace.yaml).
 */
export const NODE_TYPES_PACKAGES = ['core', 'dispatchers', 'imaging', 'platform-linux', 'platform-windows', 'server'];
export const NODE_TYPES_RANGE = '>=20';

/** Each package's `prepack` script: the guard that refuses to pack an unbuilt package (prepack.mjs). */
export const PREPACK = 'node ../../scripts/packaging/prepack.mjs';

/**
 * The packaging fields `pkg` ({ dir, manifest }) should carry: dual `exports` with `./package.json`, `main`,
 * `module`, `types` and `typesVersions` (when it has a `.` entry), repository fields, keywords, LICENSE in
 * `files`, the prepack guard, and `@types/node` where its declarations need it. `undefined` values are removed.
 */
export function packagingFields({ dir, manifest }) {
  const updates = {};
  if (manifest.exports) {
    const exportsMap = Object.fromEntries(Object.entries(manifest.exports).map(([key, entry]) => [key, dualEntry(entry)]));
    exportsMap['./package.json'] = './package.json';
    updates.exports = exportsMap;
    const main = exportsMap['.'];
    if (main && typeof main !== 'string' && main.require) {
      updates.main = main.require.default;
      updates.module = main.import.default;
      updates.types = main.require.types;
    }
    updates.typesVersions = typesVersionsFor(exportsMap);
  }
  Object.assign(updates, repositoryFields(dir), { keywords: keywordsFor(dir) });
  updates.scripts = { ...manifest.scripts, prepack: PREPACK };
  if (NODE_TYPES_PACKAGES.includes(dir)) updates.dependencies = { ...manifest.dependencies, '@types/node': NODE_TYPES_RANGE };
  if (Array.isArray(manifest.files) && !manifest.files.includes('LICENSE')) updates.files = [...manifest.files, 'LICENSE'];
  return updates;
}
