// API-project test files whose outcome cannot depend on the database: they touch no database at all (pure
// ffmpeg renders, storage against disk and the test S3 server). scripts/test-api.mjs runs the api project once
// per dialect, so these ran twice for nothing; the PostgreSQL run, the longer of the two, leaves them out
// (vitest.config.ts). master-file.test.ts alone took 138 s of that run. scripts/dialect-free-tests.test.ts
// checks that each file listed here exists and still opens no database.
export const DIALECT_FREE_TESTS = [
  'apps/server/src/modules/mastering/master-file.test.ts',
  'apps/server/src/modules/analysis/analyse.test.ts',
  'apps/server/src/modules/media/null-test-engine.test.ts',
  'apps/server/src/platform/storage/s3-storage.test.ts',
  'apps/server/src/platform/storage/storage-list.test.ts',
  'apps/server/src/platform/storage/storage.test.ts',
  'apps/server/src/cli/migrate-storage.test.ts',
];
