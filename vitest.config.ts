import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two workers suit the 2-core machines.
    maxWorkers: 2,
  },
});
