import { defineConfig } from 'vitest/config';

// Repository-level checks (architecture rules); package suites have their own configs.
export default defineConfig({
  test: { include: ['scripts/**/*.test.mjs'] },
});
