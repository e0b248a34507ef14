import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheNameFor, compileCacheDir } from '../src/launcher/cache-location.js';
import { cacheKey, runWithCompileCache } from '../src/launcher/compile-cache.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A CommonJS "bundle" that reports what it was given through a global. */
function bundle(body: string): string {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `#!/usr/bin/env node\n${body}\n`);
  return file;
}

describe('runWithCompileCache', () => {
  it('runs the bundle as CommonJS (module, require, __filename), then hits the cache it saved', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    const file = bundle(
      `globalThis.__ccProbe = { file: __filename, path: typeof require('node:path').join, exports: module.exports === exports, fn: (function twice(x) { return 2 * x; })(21) };`,
    );
    const cacheDir = join(dir, 'cache');
    const first = runWithCompileCache({ bundle: file, cacheDir, cacheName: 'run' });
    expect((globalThis as { __ccProbe?: unknown }).__ccProbe).toEqual({ file, path: 'function', exports: true, fn: 42 });
    expect(first.status).toBe('miss');
    expect(first.save()).toBe(true);
    const second = runWithCompileCache({ bundle: file, cacheDir, cacheName: 'run' });
    expect(second.status).toBe('hit');
    expect(second.cacheFile).toBe(first.cacheFile);
  });

  it('keys the cache by the build: a rebuilt bundle misses, and saving drops the old build’s cache of that command', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    const cacheDir = join(dir, 'cache');
    const file = bundle('globalThis.__ccBuild = 1;');
    const before = cacheKey(file);
    const old = runWithCompileCache({ bundle: file, cacheDir, cacheName: 'run' });
    old.save();
    runWithCompileCache({ bundle: file, cacheDir, cacheName: 'serve' }).save();
    bundle('globalThis.__ccBuild = 2;'); // same size, new content
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(cacheKey(file)).not.toBe(before);
    const rebuilt = runWithCompileCache({ bundle: file, cacheDir, cacheName: 'run' });
    expect(rebuilt.status).toBe('miss');
    expect((globalThis as { __ccBuild?: number }).__ccBuild).toBe(2);
    rebuilt.save();
    const files = readdirSync(cacheDir).sort();
    expect(files).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('-run.v8cache'))).toEqual([rebuilt.cacheFile!.split('/').pop()]);
  });

  it('runs without a cache when the folder is undefined, and save() reports an unwritable folder instead of throwing', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    const file = bundle('globalThis.__ccOff = true;');
    const off = runWithCompileCache({ bundle: file, cacheDir: undefined, cacheName: 'run' });
    expect(off).toMatchObject({ status: 'off', cacheFile: undefined });
    expect(off.save()).toBe(false);
    writeFileSync(join(dir, 'not-a-folder'), 'x');
    const blocked = runWithCompileCache({ bundle: file, cacheDir: join(dir, 'not-a-folder', 'cache'), cacheName: 'run' });
    expect(blocked.status).toBe('miss');
    expect(blocked.save()).toBe(false);
  });
});

describe('compileCacheDir and cacheNameFor', () => {
  it('takes UFO_COMPILE_CACHE (or off), else the platform’s user cache folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    expect(compileCacheDir({ UFO_COMPILE_CACHE: '/x/y' }, 'linux')).toBe('/x/y');
    for (const off of ['off', '0', 'false', 'NO']) expect(compileCacheDir({ UFO_COMPILE_CACHE: off }, 'linux')).toBeUndefined();
    expect(compileCacheDir({ XDG_CACHE_HOME: '/c' }, 'linux')).toBe('/c/ufo-ts');
    expect(compileCacheDir({}, 'linux')).toMatch(/[/\\]\.cache[/\\]ufo-ts$/);
    expect(compileCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32')).toMatch(/ufo-ts[/\\]Cache$/);
    expect(compileCacheDir({}, 'darwin')).toMatch(/Library[/\\]Caches[/\\]ufo-ts$/);
  });

  it('makes the folder private to the user', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    const file = bundle('globalThis.__ccPrivate = true;');
    expect(runWithCompileCache({ bundle: file, cacheDir: join(dir, 'private'), cacheName: 'run' }).save()).toBe(true);
    expect(statSync(join(dir, 'private')).mode & 0o777).toBe(0o700);
  });

  it('names the cache after the command', () => {
    dir = mkdtempSync(join(tmpdir(), 'ufo-cc-unit-'));
    expect(cacheNameFor(['run', '--request', 'x'])).toBe('run');
    expect(cacheNameFor(['--help'])).toBe('default');
    expect(cacheNameFor([])).toBe('default');
    expect(cacheNameFor(['../../etc'])).toBe('default');
  });
});
