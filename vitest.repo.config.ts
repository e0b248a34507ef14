import { defineConfig } from 'vitest/config';

// Repository-level checks: the architecture rules, the consumer test and the release dry run
// (scripts/packaging). Files run one after another: the packaging checks each pack every package and would
// otherwise compete for the machine's two cores.
export default defineConfig({
  // Generous timeouts: these checks read every package's declarations and pack and install tarballs, and the CI
  // machine may be busy; a slow run is not a failure.
  test: { include: ['scripts/**/*.test.mjs'], fileParallelism: false, testTimeout: 120_000, hookTimeout: 300_000 },
});
