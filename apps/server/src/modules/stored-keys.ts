// Every stored object a row names, in one place. The storage sweeper (platform/storage-sweeper.ts) removes
// objects that no row names once they are older than its grace age, and a backup (platform/backup.ts) copies
// the objects its snapshot names, so an area that stores files adds its key columns here, or its files are
// swept away and left out of backups.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Every column that holds a key, as a query of its keys (null where a row names none). */
const keyColumns = (db: Kysely<DB>): SelectQueryBuilder<DB, keyof DB, { key: string | null }>[] => [
  // Media: a track version's audio (uploaded or mastered) and a project's file.
  db.selectFrom('track_versions').select('storage_key as key'),
  db.selectFrom('project_files').select('storage_key as key'),
  // Profile: a person's avatar.
  db.selectFrom('user_profiles').select('avatar_key as key'),
  // Documents: the PDF a document shows now, and the PDFs it keeps besides (a completed document keeps the
  // unsigned one its certificate describes; an edit's transaction stops naming the one it replaced).
  db.selectFrom('documents').select('pdf_key as key'),
  db.selectFrom('document_files').select('storage_key as key'),
];

/** Of `keys` (a few hundred at a time), the ones some row names. */
export async function namedStorageKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  if (keys.length === 0) return named;
  const wanted = [...keys];
  for (const column of keyColumns(db)) {
    const rows = await db.selectFrom(column.as('c')).select('c.key').where('c.key', 'in', wanted).execute();
    for (const row of rows) if (row.key) named.add(row.key);
  }
  return named;
}

/** Every key some row names: what a backup of this database must hold. */
export async function everyNamedStorageKey(db: Kysely<DB>): Promise<Set<string>> {
  const named = new Set<string>();
  for (const column of keyColumns(db))
    for (const row of await column.execute()) if (row.key) named.add(row.key);
  return named;
}
