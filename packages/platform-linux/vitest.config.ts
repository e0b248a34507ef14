import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The desktop suites start real X servers and GTK apps: run files one at a time (2-core machine).
    fileParallelism: false,
    globalSetup: ['test/helpers/build-test-bins.ts'],
  },
});
