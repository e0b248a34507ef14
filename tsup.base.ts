import { defineConfig, type Options } from 'tsup';

/**
 * The build every published package shares: ESM with sourcemaps and `.d.ts`, Node 20, code splitting so
 * entries share chunks and dynamic imports stay lazy. `dtsEntry` limits declarations to the library entries
 * (executables under `bin` need none).
 */
export function packageBuild(entry: Record<string, string>, options: { dtsEntry?: Record<string, string> } = {}) {
  const config: Options = {
    entry,
    format: ['esm'],
    dts: options.dtsEntry ? { entry: options.dtsEntry } : true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
  };
  return defineConfig(config);
}
