import { bundledBin, defineConfig, packageBuild } from '../../tsup.base.js';

export default defineConfig([
  // The library (runCli, the command table, ...) for importers: workspace packages stay dependencies.
  packageBuild({ index: 'src/index.ts' }, { dtsEntry: { index: 'src/index.ts' }, keep: ['bin/**'] }),
  // The `ufo` executable: one bundle, for a fast cold start (bench/cli).
  bundledBin({ ufo: 'src/bin.ts' }, { outDir: 'dist/bin', external: ['bullmq', 'ioredis', 'bufferutil', 'utf-8-validate'] }),
]);
