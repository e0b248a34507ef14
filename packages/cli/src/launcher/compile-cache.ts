import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** Options of {@link runWithCompileCache}. */
export interface CompileCacheOptions {
  /** Path of the CommonJS bundle to run. */
  bundle: string;
  /** Folder of the cache files; `undefined` runs the bundle without a cache. */
  cacheDir: string | undefined;
  /** Names the cache file (one per command: each holds the functions that command compiled). `[a-z0-9-]`. */
  cacheName: string;
}

/** How the bundle was compiled, and how to keep what this run compiled. */
export interface CompileCacheRun {
  /** `hit`: V8 took the cache; `miss`: there was none; `rejected`: V8 refused it (other V8, flags, corrupt); `off`. */
  status: 'hit' | 'miss' | 'rejected' | 'off';
  /** The cache file of this bundle and command (`undefined` when off). */
  cacheFile: string | undefined;
  /**
   * Writes the code V8 has compiled so far (the top level and every function that ran) to `cacheFile`,
   * atomically, and removes this command's caches of other builds. Call it late (at exit) so it holds the most.
   * Never throws: returns false when the cache could not be written.
   */
  save(): boolean;
}

/**
 * Runs a CommonJS bundle with a V8 code cache, as `node` would run the file but without compiling its source again on
 * every start (Node 20 has no compile cache of its own; Node ≥ 22 has `module.enableCompileCache`). The cache is keyed
 * by the bundle's path, size and modification time and by Node's version and architecture, so a rebuilt or upgraded
 * bundle never meets a stale cache; V8 checks its own version, flags and a checksum and rejects anything else.
 */
export function runWithCompileCache(options: CompileCacheOptions): CompileCacheRun {
  // A hashbang line is legal at the top of a file, not inside the CommonJS wrapper: keep the line, comment it out.
  const source = readFileSync(options.bundle, 'utf8').replace(/^#!/, '//');
  const cacheFile = options.cacheDir === undefined ? undefined : join(options.cacheDir, `${cacheKey(options.bundle)}-${options.cacheName}.v8cache`);
  const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  const script = new vm.Script(Module.wrap(source), {
    filename: options.bundle,
    ...(cachedData ? { cachedData } : {}),
    // `import()` in the bundle (none runs on Node ≥ 20 today) resolves as it would in the main context.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const status = cacheFile === undefined ? 'off' : !cachedData ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
  const run: CompileCacheRun = {
    status,
    cacheFile,
    save: () => (cacheFile === undefined ? false : writeCache(cacheFile, options.cacheName, () => script.createCachedData())),
  };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: unknown, filename: string, dirname: string) => void;
  const module = { exports: {}, filename: options.bundle, id: options.bundle, loaded: false };
  wrapper.call(module.exports, module.exports, createRequire(options.bundle), module, options.bundle, dirname(options.bundle));
  return run;
}

/** Identifies one build of the bundle on one Node: path, size, modification time, Node's version and architecture. */
export function cacheKey(bundle: string): string {
  const { size, mtimeMs } = statSync(bundle);
  return createHash('sha256').update([bundle, size, mtimeMs, process.version, process.arch].join('\0')).digest('hex').slice(0, 20);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, name: string, data: () => Buffer): boolean {
  try {
    const folder = dirname(file);
    mkdirSync(folder, { recursive: true, mode: 0o700 }); // private to the user: the cache is code this user runs
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data());
    renameSync(temporary, file);
    for (const other of readdirSync(folder)) {
      if (other.endsWith(`-${name}.v8cache`) && join(folder, other) !== file) unlinkSync(join(folder, other));
    }
    return true;
  } catch {
    return false;
  }
}
