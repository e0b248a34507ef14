import { bundledBin, defineConfig, packageBuild } from '../../tsup.base.js';

export default defineConfig([
  // The library (runCli, the command table, ...) for bench/cli's unbundled baseline in this workspace. It is not
  // published: the package's files are dist/bin alone, so the @ufo-ts packages the bundle holds are dev dependencies,
  // which this build must still leave to Node (bundled, their CommonJS dependencies could not load in ESM).
  packageBuild({ index: 'src/index.ts' }, { dtsEntry: { index: 'src/index.ts' }, keep: ['bin/**'], externalPackages: true }),
  // The `ufo` executable (bench/cli): dist/bin/ufo.cjs, a small launcher that runs dist/bin/ufo-bundle.cjs (the
  // command with everything it imports) with a V8 code cache.
  bundledBin(
    { ufo: 'src/launcher/ufo-launcher.ts', 'ufo-bundle': 'src/bin.ts' },
    // supports-color: an optional require of `debug` (under dbus-next, for `ufo eval`'s desktop), inside a try.
    // tasks: the task files of @ufo-ts/task-suite (`ufo eval --suite office`), which it looks for beside its code.
    {
      outDir: 'dist/bin',
      external: ['bullmq', 'ioredis', 'bufferutil', 'utf-8-validate', 'supports-color'],
      copy: { tasks: '../task-suite/tasks' },
    },
  ),
]);
