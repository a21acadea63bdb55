// Where rows name stored objects. Each area says which of its columns hold keys (`storedKeys` in its area.ts);
// the storage sweeper (storage-sweeper.ts) removes objects no row names once they are older than its grace age,
// and a backup (backup.ts) copies the objects its snapshot names, so an area that stores files lists its key
// columns, or its files are swept away and left out of backups.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Columns that hold a stored object's key, each as a query of those keys (null where a row names none). */
export type StoredKeyColumns = (db: Kysely<DB>) => SelectQueryBuilder<DB, keyof DB, { key: string | null }>[];

/** Of `keys` (a few hundred at a time), the ones some row names. */
export async function namedStorageKeys(
  db: Kysely<DB>,
  columns: StoredKeyColumns,
  keys: readonly string[],
): Promise<Set<string>> {
  const named = new Set<string>();
  if (keys.length === 0) return named;
  const wanted = [...keys];
  for (const column of columns(db)) {
    const rows = await db.selectFrom(column.as('c')).select('c.key').where('c.key', 'in', wanted).execute();
    for (const row of rows) if (row.key) named.add(row.key);
  }
  return named;
}

/** Every key some row names: what a backup of this database must hold. */
export async function everyNamedStorageKey(db: Kysely<DB>, columns: StoredKeyColumns): Promise<Set<string>> {
  const named = new Set<string>();
  for (const column of columns(db)) for (const row of await column.execute()) if (row.key) named.add(row.key);
  return named;
}
