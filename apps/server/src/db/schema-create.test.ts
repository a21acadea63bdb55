// Instances that start together on PostgreSQL with a DATABASE_SCHEMA nobody has made yet: each opens the
// database, which creates the schema. `create schema if not exists` alone let two of them both try to create
// it, and one failed to start on the catalog's unique index ("pg_namespace_nspname_index"), as a CI run of
// the Redis restart test did. Twenty open at once here; every one must open, and the schema exists once.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECT } from '../../test/helper.ts';
import { openDatabase } from './database.ts';

describe.runIf(TEST_DIALECT === 'postgres')('a schema made by instances starting together', () => {
  it('is created once, and every instance opens', async () => {
    const schema = `race_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const opened = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        openDatabase({ database: { kind: 'postgres', url: TEST_DATABASE_URL, schema } }),
      ),
    );
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      expect(
        opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const found = await admin.query('select count(*)::int as n from pg_namespace where nspname = $1', [
        schema,
      ]);
      expect(found.rows[0].n).toBe(1);
    } finally {
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  });
});
