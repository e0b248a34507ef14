import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGraph, findCycle, internalEntryImports, readWorkspaceGraph } from './graph.mjs';
import { ALLOWED_DEPENDENCIES, PUBLIC_API_ONLY } from './rules.mjs';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages');

function fakeWorkspace(pkgs) {
  const dir = mkdtempSync(join(tmpdir(), 'ufo-arch-'));
  for (const [name, { deps = [], source = '' }] of Object.entries(pkgs)) {
    mkdirSync(join(dir, name, 'src'), { recursive: true });
    const dependencies = Object.fromEntries(deps.map((d) => [`@ufo-ts/${d}`, 'workspace:^']));
    writeFileSync(join(dir, name, 'package.json'), JSON.stringify({ name: `@ufo-ts/${name}`, dependencies }));
    writeFileSync(join(dir, name, 'src', 'index.ts'), source);
  }
  return dir;
}

describe('architecture rules', () => {
  it('the real workspace follows them', () => {
    const graph = readWorkspaceGraph(packagesDir);
    expect(Object.keys(graph)).toEqual(expect.arrayContaining(['core', 'agent-fsm', 'processor-strategies']));
    expect(checkGraph(graph, ALLOWED_DEPENDENCIES)).toEqual([]);
  });

  it('fails when core imports an adapter', () => {
    const dir = fakeWorkspace({
      core: { source: "import { x } from '@ufo-ts/llm-providers';\n" },
      'llm-providers': { deps: ['core'] },
    });
    const problems = checkGraph(readWorkspaceGraph(dir), ALLOWED_DEPENDENCIES);
    expect(problems.join('\n')).toMatch(/@ufo-ts\/core must not depend on @ufo-ts\/llm-providers/);
    expect(problems.join('\n')).toMatch(/does not declare/);
  });

  it('fails on a dependency cycle even when every arrow is allowed', () => {
    const dir = fakeWorkspace({ a: { deps: ['b'] }, b: { deps: ['c'] }, c: { deps: ['a'] } });
    const problems = checkGraph(readWorkspaceGraph(dir), { a: ['*'], b: ['*'], c: ['*'] });
    expect(problems).toEqual(['dependency cycle: @ufo-ts/a -> @ufo-ts/b -> @ufo-ts/c -> @ufo-ts/a']);
  });

  it('finds no cycle in a diamond', () => {
    expect(findCycle({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] })).toBeNull();
  });

  it('the examples, benchmarks and docs of the real repository import no internal entry point', () => {
    expect(internalEntryImports(join(packagesDir, '..'), PUBLIC_API_ONLY)).toEqual([]);
  });

  it('fails when code outside the packages imports an internal entry point, in any import form', () => {
    const root = mkdtempSync(join(tmpdir(), 'ufo-arch-'));
    mkdirSync(join(root, 'examples', 'demo', 'node_modules', 'x'), { recursive: true });
    mkdirSync(join(root, 'bench', 'server'), { recursive: true });
    writeFileSync(
      join(root, 'examples', 'demo', 'index.mjs'),
      "import { createUfoServer } from '@ufo-ts/server';\nimport { taskOwnerKey } from '@ufo-ts/server/internal';\n",
    );
    writeFileSync(
      join(root, 'bench', 'server', 'run.ts'),
      "const { BoundedMap } = await import('@ufo-ts/core/internal');\nrequire('@ufo-ts/server/internal');\n",
    );
    // Public subpaths, the build output and installed dependencies are not checked.
    writeFileSync(join(root, 'examples', 'demo', 'tools.mjs'), "import { z } from '@ufo-ts/dispatchers/server';\n");
    writeFileSync(join(root, 'examples', 'demo', 'node_modules', 'x', 'index.js'), "import '@ufo-ts/server/internal';\n");
    expect(internalEntryImports(root, PUBLIC_API_ONLY).sort()).toEqual([
      'bench/server/run.ts imports @ufo-ts/core/internal, which only @ufo-ts packages may use',
      'bench/server/run.ts imports @ufo-ts/server/internal, which only @ufo-ts packages may use',
      'examples/demo/index.mjs imports @ufo-ts/server/internal, which only @ufo-ts packages may use',
    ]);
  });

  it('lets a package import another package through its internal entry point (it still counts as a dependency)', () => {
    const dir = fakeWorkspace({
      server: { deps: ['core'], source: "import { BoundedMap } from '@ufo-ts/core/internal';\n" },
      core: {},
    });
    expect(checkGraph(readWorkspaceGraph(dir), { server: ['core'], core: [] })).toEqual([]);
    expect(checkGraph(readWorkspaceGraph(dir), { server: [], core: [] }).join('\n')).toMatch(/@ufo-ts\/server must not depend on @ufo-ts\/core/);
  });
});
