import { defineConfig } from 'vitest/config';
import { DIALECT_FREE_TESTS } from './apps/server/test/dialect-free-tests.ts';

// unit: pure code and the web API client. api: the server through inject against a real database;
// scripts/test-api.mjs runs it once on SQLite and once on PostgreSQL (TEST_DIALECT). cluster: the
// scaled-out shape as processes behind nginx. reliability: faults done to running processes.
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
            'scripts/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/**/*.test.ts'],
          exclude: [
            '**/*.unit.test.ts',
            '**/node_modules/**',
            'apps/server/test/cluster/**',
            'apps/server/test/reliability/**',
            // Tests that touch no database run on the SQLite pass only (apps/server/test/dialect-free-tests.ts).
            ...(process.env.TEST_DIALECT === 'postgres' ? DIALECT_FREE_TESTS : []),
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker loads the server's modules once and runs file after file in them: each file builds its own
          // app, database and servers, so nothing a test needs lives in a module. With a fresh process per file
          // the two dialects took 1,827 s here; sharing them, 357 s (decision 036).
          isolate: false,
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
      {
        // npm run test:reliability: faults done to real processes (kill -9, databases and Redis restarted,
        // a full disk, a soak); test/reliability.
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['apps/server/test/reliability/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
