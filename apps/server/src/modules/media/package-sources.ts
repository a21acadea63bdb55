// What the packages area (issue #36) reads of the media area's tables, as statements of the media area: the
// stored keys a package may hold (versions' originals, stems, project files), for its digests to be computed
// ahead of time, and a project's files in the order a package lists them.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { looksLikeId } from './repo.ts';
import './tables.ts';

/**
 * Every key a package may hold, as one query per column (as `storedKeys` gives them), for the caller to read
 * in a statement of its own (`select c.key from (...) as c where not exists (...)`).
 */
export function packageableKeys(db: Kysely<DB>): SelectQueryBuilder<DB, keyof DB, { key: string }>[] {
  return [
    db.selectFrom('track_versions').select('storage_key as key'),
    db.selectFrom('version_stems').select('storage_key as key'),
    db.selectFrom('project_files').select('storage_key as key'),
  ];
}

/** A project's file as a package holds it. */
export interface PackagedFile {
  id: string;
  category: string;
  original_name: string;
  storage_key: string;
  size: number;
  created_at: string;
}

/** A project's files, by category then name (then id, so the order never changes between requests). */
export async function projectFilesForPackage(db: Kysely<DB>, projectId: string): Promise<PackagedFile[]> {
  if (!looksLikeId(projectId)) return [];
  const rows = await db
    .selectFrom('project_files')
    .select(['id', 'category', 'original_name', 'storage_key', 'size', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('category')
    .orderBy('original_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size), created_at: String(r.created_at) }));
}
