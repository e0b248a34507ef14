import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The desktop suites start real X servers and apps: one file at a time (2-core machine).
    fileParallelism: false,
  },
});
