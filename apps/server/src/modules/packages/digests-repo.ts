// Queries of the packages area's table, object_digests: the digests of stored objects by key, the keys a
// package may hold that have none yet (named by the media area's rows, read through its public entry), and
// the rows whose object no row names any more.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../platform/ids.ts';
import { packageableKeys } from '../media/public.ts';
import './tables.ts';

/** An object's size, CRC-32 (unsigned) and SHA-256 (hex), as read once from its bytes. */
export interface Digest {
  size: number;
  crc32: number;
  sha256: string;
}

/** Keys per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

export async function digestRows(db: Kysely<DB>, keys: readonly string[]): Promise<Map<string, Digest>> {
  const out = new Map<string, Digest>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('object_digests')
      .select(['storage_key', 'size', 'crc32', 'sha256'])
      .where('storage_key', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows)
      out.set(r.storage_key, { size: Number(r.size), crc32: Number(r.crc32), sha256: r.sha256 });
  }
  return out;
}

/** Keeps a digest; one computed meanwhile by another request or instance is the same and stays. */
export async function saveDigest(db: Kysely<DB>, key: string, digest: Digest): Promise<void> {
  await db
    .insertInto('object_digests')
    .values({
      storage_key: key,
      size: digest.size,
      crc32: digest.crc32,
      sha256: digest.sha256,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

/** Up to `limit` keys a package may hold that have no digest yet. */
export async function keysWithoutDigest(db: Kysely<DB>, limit: number): Promise<string[]> {
  const out: string[] = [];
  for (const column of packageableKeys(db)) {
    if (out.length >= limit) break;
    const rows = await db
      .selectFrom(column.as('c'))
      .select('c.key')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('object_digests as d').select('d.storage_key').whereRef('d.storage_key', '=', 'c.key'),
          ),
        ),
      )
      .limit(limit - out.length)
      .execute();
    for (const r of rows) if (!out.includes(r.key)) out.push(r.key);
  }
  return out;
}

/** A page of digest rows' keys after `after` (in key order), written before `before`. */
export async function digestKeysAfter(
  db: Kysely<DB>,
  after: string,
  before: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('object_digests')
    .select('storage_key')
    .where('storage_key', '>', after)
    .where('created_at', '<', before)
    .orderBy('storage_key')
    .limit(limit)
    .execute();
  return rows.map((r) => r.storage_key);
}

export async function removeDigests(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += CHUNK)
    await db
      .deleteFrom('object_digests')
      .where('storage_key', 'in', keys.slice(i, i + CHUNK))
      .execute();
}
