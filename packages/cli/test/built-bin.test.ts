import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnProgram } from './helpers/spawn.js';

// The `ufo` executable is built by `tsup` (tsup.config.ts, bundledBin in tsup.base.ts) before the tests run
// (`npm test` builds every package first). These checks read and run that output.
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string> };
const launcher = join(packageRoot, manifest.bin.ufo!);
const binFolder = dirname(launcher);
/** Left to Node's resolution on purpose (see tsup.config.ts): bullmq reads its Lua scripts from its own folder. */
const EXTERNAL = ['bullmq', 'ioredis', 'bufferutil', 'utf-8-validate', 'supports-color'];

/** Every module specifier a built file imports or requires. */
function importedSpecifiers(file: string): Set<string> {
  // Comment lines dropped: TSDoc examples such as `() => import('openai')` are not imports.
  const code = readFileSync(join(binFolder, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
    .join('\n');
  const found = new Set<string>();
  // import("x") and require("x"); not inside a string (ajv's code generator writes some)
  for (const pattern of [/(?:^|[^.\w$'"`])import\(\s*["']([^"']+)["']\s*\)/g, /(?:^|[^.\w$'"`])(?:__)?require\(\s*["']([^"']+)["']\s*\)/g]) {
    for (const match of code.matchAll(pattern)) found.add(match[1]!);
  }
  return found;
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the `ufo` executable: a launcher and one bundle', () => {
  it('holds just the launcher and the bundle, which imports nothing but Node built-ins and the declared externals', () => {
    // tasks: the office task files the bundled task suite reads beside its code
    expect(readdirSync(binFolder).sort()).toEqual(['tasks', 'ufo-bundle.cjs', 'ufo.cjs']);
    expect(readFileSync(launcher, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect([...importedSpecifiers('ufo.cjs')].filter((s) => !builtins.has(s))).toEqual([]);
    const outside = [...importedSpecifiers('ufo-bundle.cjs')].filter((s) => !builtins.has(s)).sort();
    expect(outside).toContain('bullmq'); // the scan does see the bundle's requires
    expect(outside.filter((s) => !EXTERNAL.includes(s))).toEqual([]);
    for (const name of ['bullmq', 'ioredis']) expect(manifest.dependencies[name]).toBeDefined();
  });
});

describe('the published `ufo` package', () => {
  it('ships the executable alone and depends only on what the bundle leaves to Node (nothing installed twice)', () => {
    const published = manifest as typeof manifest & { files: string[]; exports: Record<string, string>; peerDependencies?: object };
    expect(published.files.filter((f) => f.startsWith('dist'))).toEqual(['dist/bin']);
    expect(Object.keys(published.exports)).toEqual(['./package.json']);
    // officeparser: the office checkers of `ufo eval` require it at run time from the bundle's folder
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['bullmq', 'ioredis', 'officeparser']);
    expect(published.peerDependencies).toBeUndefined();
  });

  it('runs the office suite from its own folder: lists the task files it ships, and finds the file parser', async () => {
    const program = spawnProgram(launcher, ['eval', '--suite', 'office', '--list'], { UFO_COMPILE_CACHE: 'off' });
    expect(await program.exited).toBe(0);
    const listed = program.stdout.join('\n');
    for (const task of ['writer-bold-title', 'calc-sum-total', 'impress-retitle', 'thunar-new-folder']) expect(listed).toContain(task);
    expect(createRequire(join(binFolder, 'ufo-bundle.cjs')).resolve('officeparser')).toContain('officeparser');
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
    const program = spawnProgram(launcher, ['--version'], { UFO_COMPILE_CACHE: 'off' });
    expect(await program.exited).toBe(0);
    expect(program.stdout.join('\n').trim()).toBe(version);
  });
});

describe('the compile cache of the `ufo` executable', () => {
  let cache: string;
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  async function help(env: Record<string, string>): Promise<{ code: number | null; cacheLine: string; stdout: string }> {
    const program = spawnProgram(launcher, ['--help'], { UFO_COMPILE_CACHE_REPORT: '1', ...env });
    const code = await program.exited;
    return { code, cacheLine: program.stderr.find((l) => l.startsWith('compile cache:')) ?? '', stdout: program.stdout.join('\n') };
  }

  it('is written by the first run, taken by the next, and rewritten when V8 rejects a damaged one', async () => {
    cache = mkdtempSync(join(tmpdir(), 'ufo-compile-cache-'));
    const first = await help({ UFO_COMPILE_CACHE: cache });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Usage: ufo <command>');
    expect(first.cacheLine).toMatch(/^compile cache: miss .*-default\.v8cache$/);
    const [file] = readdirSync(cache);
    expect(file).toMatch(/^[0-9a-f]{20}-default\.v8cache$/);

    const second = await help({ UFO_COMPILE_CACHE: cache });
    expect(second.cacheLine).toMatch(/^compile cache: hit /);
    expect(second.stdout).toBe(first.stdout);

    writeFileSync(join(cache, file!), Buffer.alloc(4096, 7));
    const damaged = await help({ UFO_COMPILE_CACHE: cache });
    expect(damaged.cacheLine).toMatch(/^compile cache: rejected /);
    expect(damaged.stdout).toBe(first.stdout);
    expect((await help({ UFO_COMPILE_CACHE: cache })).cacheLine).toMatch(/^compile cache: hit /);
  });

  it('is off with UFO_COMPILE_CACHE=off, and the command works the same', async () => {
    cache = mkdtempSync(join(tmpdir(), 'ufo-compile-cache-'));
    const off = await help({ UFO_COMPILE_CACHE: 'off', XDG_CACHE_HOME: cache, HOME: cache });
    expect(off.code).toBe(0);
    expect(off.cacheLine).toBe('compile cache: off ');
    expect(off.stdout).toContain('Usage: ufo <command>');
    expect(readdirSync(cache)).toEqual([]);
  });
});
