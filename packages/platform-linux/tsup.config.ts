import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'bin/ufo-desktop': 'src/bin/ufo-desktop.ts',
    'bin/ufo-linux-mcp': 'src/bin/ufo-linux-mcp.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: true,
});
