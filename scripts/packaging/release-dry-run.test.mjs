// The release dry run: what `changeset version` followed by `pnpm publish` would publish. A scratch copy of the
// repository (its tracked files and the packages' built dist, installed from the local pnpm store) gets
// `changeset version`; every package is then packed there and its tarball checked: dist present, no `workspace:`
// range left, and every @ufo-ts dependency pointing at the version the release gives that package.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, toolEnv } from '../lib/tool-env.mjs';
import { publishablePackages } from './package-fields.mjs';
import { packAll } from './pack.mjs';
import { tarballManifest } from './tarball.mjs';

const work = mkdtempSync(join(tmpdir(), 'ufo-release-dry-run-'));
const scratch = join(work, 'repo');
let before = {};
let packed = [];

describe('release dry run', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    for (const file of execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean)) {
      if (!existsSync(join(repoRoot, file))) continue; // deleted in the working tree
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      cpSync(join(repoRoot, file), join(scratch, file));
    }
    for (const pkg of publishablePackages()) cpSync(join(pkg.path, 'dist'), join(scratch, 'packages', pkg.dir, 'dist'), { recursive: true });
    // pnpm pack resolves `workspace:` ranges through the installed workspace: install it from the local store.
    const install = spawnSync('pnpm', ['install', '--offline', '--ignore-scripts'], { cwd: scratch, env: toolEnv(), encoding: 'utf8' });
    if (install.status !== 0) throw new Error(`pnpm install --offline failed:\n${install.stdout}${install.stderr}`);
    before = Object.fromEntries(publishablePackages(scratch).map((p) => [p.manifest.name, p.manifest.version]));
    const version = spawnSync(join(scratch, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: scratch, encoding: 'utf8' });
    if (version.status !== 0) throw new Error(`changeset version failed:\n${version.stdout}${version.stderr}`);
    mkdirSync(join(work, 'tarballs'));
    packed = await packAll(join(work, 'tarballs'), publishablePackages(scratch));
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }), 300_000);

  it('consumes the pending changesets', () => {
    const pending = execFileSync('git', ['ls-files', '.changeset'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.changeset\/(?!README)[^/]+\.md$/.test(f));
    if (pending.length === 0) return;
    for (const file of pending) expect(existsSync(join(scratch, file)), `${file} consumed`).toBe(false);
    expect(packed.some((p) => p.manifest.version !== before[p.manifest.name])).toBe(true);
  });

  it('every tarball has dist, no workspace: range, and @ufo-ts dependencies on the released versions', () => {
    const released = Object.fromEntries(packed.map((p) => [p.manifest.name, p.manifest.version]));
    for (const pkg of packed) {
      const { manifest, files } = tarballManifest(pkg.tarball);
      expect(manifest.version, pkg.manifest.name).toBe(pkg.manifest.version);
      expect(
        files.some((f) => f.startsWith('package/dist/')),
        `${manifest.name} has dist`,
      ).toBe(true);
      expect(JSON.stringify(manifest), `${manifest.name} has no workspace: range`).not.toContain('workspace:');
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [name, range] of Object.entries(manifest[field] ?? {})) {
          if (name.startsWith('@ufo-ts/')) expect(`${manifest.name} → ${name}@${range}`).toBe(`${manifest.name} → ${name}@^${released[name]}`);
        }
      }
    }
  });
});
