// The API test files the PostgreSQL run leaves out must really have nothing to do with a database: a file that
// starts using one (the test helper, a dialect, a database module) has to run on both dialects again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_FREE_TESTS } from '../apps/server/test/dialect-free-tests.ts';

const root = path.join(import.meta.dirname, '..');
const DATABASE_USE =
  /test\/helper|TEST_DIALECT|TEST_DATABASE_URL|\/db\/|buildApp|from 'pg'|better-sqlite3|kysely/;

describe('dialect-free API tests', () => {
  it.each(DIALECT_FREE_TESTS)('%s exists and opens no database', (file) => {
    expect(existsSync(path.join(root, file))).toBe(true);
    expect(readFileSync(path.join(root, file), 'utf8')).not.toMatch(DATABASE_USE);
  });

  it('the check itself sees a file that uses the database', () => {
    const helperUser = readFileSync(path.join(root, 'apps/server/src/modules/catalog/seed.test.ts'), 'utf8');
    expect(helperUser).toMatch(DATABASE_USE);
  });
});
