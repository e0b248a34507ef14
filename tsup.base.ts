import { builtinModules } from 'node:module';
import { defineConfig, type Options } from 'tsup';

/**
 * The build every published package shares: ESM with sourcemaps and `.d.ts`, Node 20, code splitting so
 * entries share chunks and dynamic imports stay lazy. `dtsEntry` limits declarations to the library entries
 * (executables under `bin` need none). `keep` lists globs of `outDir` the clean step leaves alone (another
 * build's output, such as a {@link bundledBin} folder).
 */
export function packageBuild(entry: Record<string, string>, options: { dtsEntry?: Record<string, string>; keep?: string[] } = {}): Options {
  return {
    entry,
    format: ['esm'],
    dts: options.dtsEntry ? { entry: options.dtsEntry } : true,
    sourcemap: true,
    clean: options.keep ? options.keep.map((glob) => `!${glob}`) : true,
    target: 'node20',
    splitting: true,
  };
}

/** Options of {@link bundledBin}. */
export interface BundledBinOptions {
  /** Output folder (cleaned by this build alone). */
  outDir: string;
  /** Keep only zod's English messages (default: true): its other ~50 locales are a third of zod's code. */
  englishZodOnly?: boolean;
  /** Packages left to Node's resolution: those that read files beside their own code (bullmq's Lua scripts), or optional native add-ons. */
  external?: string[];
}

/**
 * A command-line executable bundled with everything it imports (workspace packages and third-party modules),
 * so `node <bin>` compiles a few large files instead of resolving and loading hundreds of small ones: the cold
 * start of a command is dominated by module loading. Dynamic imports stay lazy chunks. One process runs one
 * bundle, so there is exactly one copy of every class (`instanceof` holds); the packages' own library entries
 * are built separately by {@link packageBuild} for importers.
 */
export function bundledBin(entry: Record<string, string>, options: BundledBinOptions): Options {
  return {
    entry,
    outDir: options.outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    // Source maps of the bundled dependencies would be ~15 MB; errors name the command's own messages anyway.
    sourcemap: false,
    clean: true,
    splitting: true,
    // Everything but Node's built-ins and `external` (tsup lets noExternal win over external, so it is excluded here).
    noExternal: [notListed(options.external ?? [])],
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...(options.external ?? [])],
    // CommonJS modules in the bundle (ajv, yaml's helpers, ws) call require() for Node's built-ins.
    // The packages' builds leave bare `import "x"` lines for type-only imports; dropping them is what we want.
    esbuildOptions(esbuild) {
      esbuild.logOverride = { ...esbuild.logOverride, 'ignored-bare-import': 'silent' };
    },
    esbuildPlugins: options.englishZodOnly === false ? [] : [englishZodOnly],
    banner: { js: "import { createRequire as __ufoBinRequire } from 'node:module'; const require = __ufoBinRequire(import.meta.url);" },
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
