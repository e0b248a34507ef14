// bench/packaging: what a user downloads and installs. Packs every publishable package (as published: pnpm pack),
// then (1) each tarball's packed and unpacked size; (2) the installed size and package count of `@ufo-ts/cli` alone
// (the `ufo` command), of `@ufo-ts/core` alone, and of every library package together, each installed with npm
// from the tarballs into a fresh project outside the workspace (third-party packages from the registry);
// (3) the cold import of `@ufo-ts/core` (a new node process: `import()` and `require()`), beside an empty node start.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll } from '../../scripts/packaging/pack.mjs';
import { summarize, writeResult } from '../stats.mjs';
import { folderSize, tarballSizes } from './sizes.mjs';

const RUNS = Number(process.env.BENCH_PACKAGING_RUNS ?? 15);
const work = mkdtempSync(join(tmpdir(), 'ufo-bench-packaging-'));

try {
  mkdirSync(join(work, 'tarballs'));
  const packed = await packAll(join(work, 'tarballs'));
  const tarballs = Object.fromEntries(packed.map((p) => [p.manifest.name, tarballSizes(p.tarball)]));
  const file = (name) => `file:${packed.find((p) => p.manifest.name === name).tarball}`;
  const everyTarball = Object.fromEntries(packed.map((p) => [p.manifest.name, `file:${p.tarball}`]));

  const cli = install('cli', { '@ufo-ts/cli': file('@ufo-ts/cli') });
  const core = install('core', { '@ufo-ts/core': file('@ufo-ts/core') });
  const libraries = Object.fromEntries(Object.entries(everyTarball).filter(([name]) => name !== '@ufo-ts/cli'));
  const allLibraries = install('libraries', libraries, libraries);

  const coreProject = join(work, 'core');
  const node = (args) => time(() => spawnSync(process.execPath, args, { cwd: coreProject, stdio: 'ignore' }));
  const coldImport = {
    emptyNode: summarize(repeat(() => node(['-e', '0']))),
    importCore: summarize(repeat(() => node(['--input-type=module', '-e', "await import('@ufo-ts/core')"]))),
    requireCore: summarize(repeat(() => node(['-e', "require('@ufo-ts/core')"]))),
  };

  const result = { runs: RUNS, tarballs, installed: { cli, core, allLibraries }, coldImportMs: coldImport };
  writeResult('packaging', result);
  process.stdout.write(
    `${JSON.stringify({ installed: result.installed, coldImportMedianMs: Object.fromEntries(Object.entries(coldImport).map(([k, v]) => [k, v.median])) }, null, 2)}\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Installs `dependencies` into a fresh project `name`; returns its node_modules size and package count. */
function install(name, dependencies, overrides = undefined) {
  const project = join(work, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `bench-${name}`, private: true, dependencies, ...(overrides ? { overrides } : {}) }));
  const t0 = performance.now();
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: project, encoding: 'utf8' });
  if (npm.status !== 0) throw new Error(`npm install (${name}) failed:\n${npm.stderr}`);
  const installMs = Math.round(performance.now() - t0);
  const listed = spawnSync('npm', ['ls', '--all', '--parseable'], { cwd: project, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const { bytes, files } = folderSize(join(project, 'node_modules'));
  return { packages: listed.length - 1, bytes, megabytes: Math.round(bytes / 1e5) / 10, files, installMs };
}

function repeat(fn) {
  fn(); // warm the file system cache
  return Array.from({ length: RUNS }, fn);
}

function time(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}
