import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the server `npm start` runs (BASE_URL).
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
