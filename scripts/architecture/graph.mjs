// Builds the @ufo-ts dependency graph from package.json files and source imports, and checks it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUNDLING_PACKAGES, INTERNAL_ENTRY } from './rules.mjs';

const SCOPE = '@ufo-ts/';
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"](@ufo-ts\/[^'"/]+)|import\(\s*['"](@ufo-ts\/[^'"/]+)/g;

function listSourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSourceFiles(full));
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.|\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

const SPECIFIER_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]/g;

/** Every code file under `dir`, tests included (node_modules and build output left out). */
function listCodeFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listCodeFiles(full));
    else if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * The imports of an internal entry point (`INTERNAL_ENTRY`) by code under `dirs` (folders of `root`; a missing one
 * is skipped), as human-readable violations.
 */
export function internalEntryImports(root, dirs) {
  const problems = [];
  for (const dir of dirs) {
    let files = [];
    try {
      files = listCodeFiles(join(root, dir));
    } catch {
      files = [];
    }
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER_RE)) {
        const specifier = m[1] ?? m[2] ?? m[3];
        if (INTERNAL_ENTRY.test(specifier)) problems.push(`${relative(root, file)} imports ${specifier}, which only @ufo-ts packages may use`);
      }
    }
  }
  return problems;
}

/**
 * Reads every package under `packagesDir`: its declared @ufo-ts dependencies and the @ufo-ts packages its
 * non-test source files import. Returns `{ [shortName]: { declared: string[], imported: {pkg, file}[] } }`.
 */
export function readWorkspaceGraph(packagesDir) {
  const graph = {};
  for (const dir of readdirSync(packagesDir)) {
    const pkgDir = join(packagesDir, dir);
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const short = manifest.name.replace(SCOPE, '');
    const bundled = BUNDLING_PACKAGES.includes(short) ? manifest.devDependencies : {};
    const deps = { ...manifest.dependencies, ...manifest.peerDependencies, ...bundled };
    const declared = Object.keys(deps)
      .filter((d) => d.startsWith(SCOPE))
      .map((d) => d.replace(SCOPE, ''));
    const imported = [];
    let files = [];
    try {
      files = listSourceFiles(join(pkgDir, 'src'));
    } catch {
      files = [];
    }
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
        const pkg = (m[1] ?? m[2]).replace(SCOPE, '');
        if (pkg !== short) imported.push({ pkg, file: relative(packagesDir, file) });
      }
    }
    graph[short] = { declared, imported };
  }
  return graph;
}

/** Finds one dependency cycle in `edges` ({node: string[]}), or returns null. */
export function findCycle(edges) {
  const state = new Map();
  const stack = [];
  function visit(node) {
    state.set(node, 'active');
    stack.push(node);
    for (const next of edges[node] ?? []) {
      if (state.get(next) === 'active') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  }
  for (const node of Object.keys(edges)) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

/** Checks a graph against the allowed arrows; returns a list of human-readable violations (empty when clean). */
export function checkGraph(graph, allowed) {
  const problems = [];
  const edges = {};
  for (const [pkg, { declared, imported }] of Object.entries(graph)) {
    const rule = allowed[pkg];
    edges[pkg] = [...new Set([...declared, ...imported.map((i) => i.pkg)])];
    if (!rule) {
      problems.push(`@ufo-ts/${pkg} has no entry in scripts/architecture/rules.mjs`);
      continue;
    }
    for (const dep of edges[pkg]) {
      if (!rule.includes('*') && !rule.includes(dep)) {
        const where = imported.find((i) => i.pkg === dep)?.file ?? 'package.json';
        problems.push(`@ufo-ts/${pkg} must not depend on @ufo-ts/${dep} (${where})`);
      }
    }
    for (const { pkg: dep, file } of imported) {
      if (!declared.includes(dep)) problems.push(`${file} imports @ufo-ts/${dep}, which its package.json does not declare`);
    }
  }
  const cycle = findCycle(edges);
  if (cycle) problems.push(`dependency cycle: ${cycle.map((p) => `@ufo-ts/${p}`).join(' -> ')}`);
  return problems;
}
