import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGraph, findCycle, readWorkspaceGraph } from './graph.mjs';
import { ALLOWED_DEPENDENCIES } from './rules.mjs';

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
});
