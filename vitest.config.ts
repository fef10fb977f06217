import { defineConfig } from 'vitest/config';

// Unit and integration tests: domain rules, content schemas, function handlers on a real PGlite and on a
// real PostgreSQL server (tests/support/postgres-server.ts starts a throwaway cluster for the run).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/postgres-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
