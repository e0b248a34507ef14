import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The `ufo` executable is built by `tsup` (tsup.config.ts, bundledBin in tsup.base.ts) before the tests run
// (`npm test` builds every package first). These checks read that output.
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string> };
const binFolder = dirname(join(packageRoot, manifest.bin.ufo!));
/** Left to Node's resolution on purpose (see tsup.config.ts): bullmq reads its Lua scripts from its own folder. */
const EXTERNAL = ['bullmq', 'ioredis', 'bufferutil', 'utf-8-validate'];

/** Every module specifier the bundle's files import, require or dynamically import, except its own chunks. */
function importedSpecifiers(): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(binFolder).filter((f) => f.endsWith('.js'))) {
    // Comment lines dropped: TSDoc examples such as `() => import('openai')` are not imports.
    const code = readFileSync(join(binFolder, file), 'utf8').split('\n').filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line)).join('\n');
    const patterns = [
      /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']/gm, // import { a } from "x"; export * from "x"
      /^\s*import\s*["']([^"']+)["']/gm, // import "x"
      // import("x") and require("x") of bundled CommonJS; not inside a string (ajv's code generator writes some)
      /(?:^|[^.\w$'"`])import\(\s*["']([^"']+)["']\s*\)/g,
      /(?:^|[^.\w$'"`])(?:__)?require\(\s*["']([^"']+)["']\s*\)/g,
    ];
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) if (!match[1]!.startsWith('./')) found.add(match[1]!);
    }
  }
  return found;
}

describe('the `ufo` executable is one bundle', () => {
  it('imports nothing but Node built-ins and the declared externals (every workspace package and SDK is inside)', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const outside = [...importedSpecifiers()].filter((s) => !builtins.has(s)).sort();
    expect(outside.length).toBeGreaterThan(0); // bullmq at least: the scan does see imports
    expect(outside.every((s) => EXTERNAL.some((e) => s === e || s.startsWith(`${e}/`)))).toBe(true);
    expect(outside.filter((s) => s.startsWith('@ufo-ts/'))).toEqual([]);
  });

  it('declares each external it imports as a dependency of @ufo-ts/cli (optional native add-ons of ws aside)', () => {
    const needed = [...importedSpecifiers()].filter((s) => s === 'bullmq' || s === 'ioredis');
    expect(needed.sort()).toEqual(['bullmq', 'ioredis']);
    for (const name of needed) expect(manifest.dependencies[name]).toBeDefined();
  });

  it('keeps the session code and the provider SDKs out of the first files loaded (they are lazy chunks)', () => {
    const entry = readFileSync(join(packageRoot, manifest.bin.ufo!), 'utf8');
    expect(entry.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const staticChunks = [...entry.matchAll(/^import\s*(?:[^"']*from\s*)?["'](\.\/[^"']+)["']/gm)].map((m) => m[1]!);
    const loadedFirst = staticChunks.map((chunk) => readFileSync(join(binFolder, chunk), 'utf8')).join('\n');
    expect(entry).toMatch(/import\(["']\.\/run-impl-[A-Z0-9]+\.js["']\)/);
    expect(loadedFirst).not.toContain('class OpenAI');
    expect(loadedFirst).not.toContain('SessionFactory');
  });
});
