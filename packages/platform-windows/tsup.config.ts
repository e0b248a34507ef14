import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'ufo-windows-tools': 'src/bin/ufo-windows-tools.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: true,
});
