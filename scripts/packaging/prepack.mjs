#!/usr/bin/env node
// The prepack guard of every publishable package (its `prepack` script; runs in the package's folder before
// `pnpm pack` or `pnpm publish` makes the tarball). Fails when:
// - a file the manifest points at (`exports`, `main`, `module`, `types`, `bin`) is missing: the package is not
//   built (run `pnpm turbo run build` first);
// - the packer is not pnpm while the manifest has `workspace:` ranges: only pnpm rewrites them to versions
//   (npm would publish `workspace:^`, which no registry install can resolve).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.cwd();
const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const problems = [];

for (const target of manifestTargets(manifest)) {
  if (!existsSync(join(dir, target))) problems.push(`${target} is missing: build the package first (pnpm turbo run build)`);
}
const agent = process.env.npm_config_user_agent ?? '';
const workspaceRanges = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })
  .filter(([, range]) => String(range).startsWith('workspace:'))
  .map(([name]) => name);
if (workspaceRanges.length > 0 && !agent.startsWith('pnpm/')) {
  problems.push(`pack with pnpm: only pnpm rewrites the workspace: ranges of ${workspaceRanges.join(', ')} (packer: ${agent || 'unknown'})`);
}

if (problems.length > 0) {
  process.stderr.write(`prepack ${manifest.name}: refusing to pack\n${problems.map((p) => `  - ${p}\n`).join('')}`);
  process.exit(1);
}

/** Every file path the manifest points at. */
function manifestTargets(pkg) {
  const out = new Set();
  const visit = (value) => {
    if (typeof value === 'string') out.add(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) visit(inner);
  };
  visit(pkg.exports);
  for (const field of ['main', 'module', 'types']) if (pkg[field]) out.add(pkg[field]);
  if (typeof pkg.bin === 'string') out.add(pkg.bin);
  else visit(pkg.bin);
  return [...out].filter((path) => !path.includes('*'));
}
