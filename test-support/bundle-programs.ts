import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Programs bundled by {@link bundlePrograms}: the path of each entry's `.mjs`, and a cleanup. */
export interface BundledPrograms<K extends string> {
  paths: Record<K, string>;
  /** Removes the temporary folder. */
  cleanup: () => void;
}

/**
 * Bundles TypeScript entry points (test fixtures, a package's bin from source) into self-contained ESM files in a
 * temporary folder, so tests spawn them with plain `node` without building the package first. Used by the
 * packages' vitest global setups.
 */
export async function bundlePrograms<K extends string>(prefix: string, entries: Record<K, string>): Promise<BundledPrograms<K>> {
  const outdir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const cleanup = () => rmSync(outdir, { recursive: true, force: true });
  try {
    await build({
      entryPoints: entries,
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      external: [...builtinModules],
      banner: { js: "import { createRequire as __ufoCreateRequire } from 'node:module'; const require = __ufoCreateRequire(import.meta.url);" },
    });
  } catch (error) {
    cleanup();
    throw error;
  }
  const paths = Object.fromEntries(Object.keys(entries).map((name) => [name, join(outdir, `${name}.mjs`)])) as Record<K, string>;
  return { paths, cleanup };
}
