import { defineConfig } from 'vitest/config';

// Repository-level checks: the architecture rules, the consumer test and the release dry run
// (scripts/packaging). Files run one after another: the packaging checks each pack every package and would
// otherwise compete for the machine's two cores.
export default defineConfig({
  test: { include: ['scripts/**/*.test.mjs'], fileParallelism: false },
});
