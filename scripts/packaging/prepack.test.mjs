// The prepack guard (prepack.mjs) run against small package folders.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/tool-env.mjs';

const guard = join(repoRoot, 'scripts', 'packaging', 'prepack.mjs');
let dir;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function packageFolder(manifest, files = []) {
  dir = mkdtempSync(join(tmpdir(), 'ufo-prepack-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  return dir;
}

function prepack(cwd, agent) {
  return spawnSync(process.execPath, [guard], { cwd, encoding: 'utf8', env: { ...process.env, npm_config_user_agent: agent } });
}

const manifest = {
  name: '@ufo-ts/example',
  exports: {
    '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' }, require: { types: './dist/index.d.cts', default: './dist/index.cjs' } },
  },
  main: './dist/index.cjs',
  bin: { tool: './dist/bin/tool.cjs' },
  dependencies: { '@ufo-ts/core': 'workspace:^' },
};
const built = ['dist/index.d.ts', 'dist/index.js', 'dist/index.d.cts', 'dist/index.cjs', 'dist/bin/tool.cjs'];

describe('prepack guard', () => {
  it('lets pnpm pack a built package', () => {
    expect(prepack(packageFolder(manifest, built), 'pnpm/10.34.9 npm/? node/v20.20.2 linux x64').status).toBe(0);
  });

  it('refuses an unbuilt package, naming the missing files', () => {
    const result = prepack(packageFolder(manifest, built.slice(0, 2)), 'pnpm/10.34.9');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('./dist/index.cjs is missing');
    expect(result.stderr).toContain('./dist/bin/tool.cjs is missing');
  });

  it('refuses workspace: ranges packed by anything but pnpm', () => {
    const result = prepack(packageFolder(manifest, built), 'npm/11.0.0 node/v20.20.2 linux x64');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('only pnpm rewrites the workspace: ranges of @ufo-ts/core');
  });
});
