import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig, type Options } from 'tsup';

/**
 * The build every published package shares: ESM (`.js`, `.d.ts`) and CommonJS (`.cjs`, `.d.cts`) for Node 20, so
 * `import` and `require()` both load a build of their own kind on every supported Node (Node 20 before 20.19 cannot
 * `require()` ES modules, and TypeScript's `node16` CommonJS resolution rejects an ES-only package). Code splitting
 * keeps entries sharing chunks and dynamic imports lazy. No source maps: the output is esbuild's unminified code,
 * readable as it is, and the maps were a third to a half of each tarball. `shims` gives the CommonJS build
 * `import.meta.url`. `dtsEntry` limits declarations to the library entries (executables under `bin` need none).
 * `keep` lists globs of `outDir` the clean step leaves alone (another build's output, such as a {@link bundledBin}
 * folder).
 */
export function packageBuild(
  entry: Record<string, string>,
  options: {
    dtsEntry?: Record<string, string>;
    keep?: string[];
    /** Leave every import of another package to Node's resolution, dev dependencies included (default: only dependencies). */
    externalPackages?: boolean;
  } = {},
): Options {
  return {
    entry,
    ...(options.externalPackages ? { skipNodeModulesBundle: true } : {}),
    format: ['esm', 'cjs'],
    dts: options.dtsEntry ? { entry: options.dtsEntry } : true,
    sourcemap: false,
    shims: true,
    clean: options.keep ? options.keep.map((glob) => `!${glob}`) : true,
    target: 'node20',
    splitting: true,
  };
}

/** Options of {@link bundledBin}. */
export interface BundledBinOptions {
  /** Output folder (cleaned by this build alone). */
  outDir: string;
  /** Packages left to Node's resolution: those that read files beside their own code (bullmq's Lua scripts), or optional native add-ons. */
  external?: string[];
  /**
   * Folders copied into `outDir` after each build, by name in it: data files the bundled code reads beside itself
   * (a bundled package's shipped files, which its own package folder would hold).
   */
  copy?: Record<string, string>;
}

/**
 * A command-line executable as CommonJS bundles of everything they import (workspace packages and third-party
 * modules): one file per entry, so `node` reads and compiles one file instead of resolving and loading hundreds,
 * and a launcher can run it with a V8 code cache (the cli's `launcher/`). Modules reached only by `import()` stay
 * lazy: they are evaluated when first imported. One process runs one bundle, so there is exactly one copy of every
 * class (`instanceof` holds); the packages' own library entries are built separately by {@link packageBuild}.
 * zod keeps only its English messages (its other ~50 locales are a third of its code). Entries are written as
 * `<name>.cjs`.
 */
export function bundledBin(entry: Record<string, string>, options: BundledBinOptions): Options {
  return {
    entry,
    outDir: options.outDir,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    platform: 'node',
    target: 'node20',
    dts: false,
    // Source maps of the bundled dependencies would be ~15 MB; errors name the command's own messages anyway.
    sourcemap: false,
    clean: true,
    splitting: false,
    // Everything but Node's built-ins and `external` (tsup lets noExternal win over external, so it is excluded here).
    noExternal: [notListed(options.external ?? [])],
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...(options.external ?? [])],
    esbuildOptions(esbuild) {
      esbuild.logOverride = {
        ...esbuild.logOverride,
        // The packages' builds leave bare `import "x"` lines for type-only imports; dropping them is what we want.
        'ignored-bare-import': 'silent',
        // import.meta is empty in CommonJS: a bundled module that reads import.meta.url would break at run time.
        'empty-import-meta': 'error',
      };
    },
    esbuildPlugins: [englishZodOnly],
    ...(options.copy
      ? {
          async onSuccess() {
            for (const [name, from] of Object.entries(options.copy!)) cpSync(from, join(options.outDir, name), { recursive: true });
          },
        }
      : {}),
  };
}

/** Matches every module specifier except the packages listed (and their subpaths). */
function notListed(packages: string[]): RegExp {
  if (packages.length === 0) return /.*/;
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`^(?!(?:${names})(?:/|$)).*`);
}

/**
 * Replaces zod's `locales/index.js` (every language, re-exported as `z.locales`) with one that exports English
 * alone; zod's default messages are English and come from `locales/en.js` directly, so parsing is unchanged and
 * only `z.locales.<other>` disappears from the bundle.
 */
const englishZodOnly: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'english-zod-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: 'js',
    }));
  },
};

export { defineConfig };
