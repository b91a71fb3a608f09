import { defineConfig } from 'vitest/config';

// Browser journeys: one server for the run (global setup), one Chromium per test file.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
    // On CI's two shared cores a journey can lose a race with the machine, not with the product:
    // one more try there (a broken feature fails both). Locally a flake shows at once.
    retry: process.env.CI ? 1 : 0,
  },
});
