import { defineConfig } from 'vitest/config';

// unit: pure code and the web API client. api: the server through inject against a real database;
// scripts/test-api.mjs runs it once on SQLite and once on PostgreSQL (TEST_DIALECT). cluster: the
// scaled-out shape as processes behind nginx.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**', 'apps/server/test/cluster/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // npm run test:cluster: real processes behind nginx on PostgreSQL, Redis and S3 (test/cluster).
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
