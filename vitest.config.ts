import { defineConfig } from 'vitest/config';

// Unit and integration tests: domain rules, content schemas, function handlers on a real PGlite.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
