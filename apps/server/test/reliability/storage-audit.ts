// What a crash may have left in storage: objects no row names (orphans), and rows naming objects that are
// not there (missing). Read from the deployment's own database and storage, as an operator would look.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { namedStorageKeys } from '../../src/modules/stored-keys.ts';
import type { Storage } from '../../src/platform/storage/storage.ts';

export interface StorageAudit {
  objects: number;
  /** Objects no row names, with their sizes. */
  orphans: { key: string; size: number }[];
  /** Keys rows name that storage does not hold (a lost file: never allowed). */
  missing: string[];
}

export async function auditStorage(db: Kysely<DB>, storage: Storage): Promise<StorageAudit> {
  const objects: { key: string; size: number }[] = [];
  for await (const o of storage.list()) objects.push({ key: o.key, size: o.size });
  const named = await namedStorageKeys(
    db,
    objects.map((o) => o.key),
  );
  const rows = [
    ...(await db.selectFrom('project_files').select('storage_key as key').execute()),
    ...(await db.selectFrom('track_versions').select('storage_key as key').execute()),
  ];
  const missing: string[] = [];
  for (const { key } of rows) if (key && !(await storage.stat(key))) missing.push(key);
  return { objects: objects.length, orphans: objects.filter((o) => !named.has(o.key)), missing };
}
