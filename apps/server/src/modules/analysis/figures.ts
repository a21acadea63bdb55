// A version's stored loudness figures (version_analyses): what the analysis job keeps, and what other areas
// read and write through the analysis area's public entry (mastering plans from them and stores its render's).
import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import type { Kysely } from 'kysely';
import { type DB, fromJson } from '../../db/schema.ts';
import { nowIso } from '../../platform/ids.ts';
import './tables.ts';

/** The version's figures, or null when it has not been analysed (or its analysis found nothing to measure). */
export async function storedFigures(db: Kysely<DB>, versionId: string): Promise<LoudnessFigures | null> {
  const row = await db
    .selectFrom('version_analyses')
    .select('figures')
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return row ? fromJson<LoudnessFigures | null>(row.figures, null) : null;
}

/** Keeps a version's figures, replacing any it had (pass a transaction to join it). */
export async function keepFigures(
  db: Kysely<DB>,
  version: { id: string; projectId: string },
  figures: LoudnessFigures,
): Promise<void> {
  const values = {
    version_id: version.id,
    project_id: version.projectId,
    figures: JSON.stringify(figures),
    analysed_at: nowIso(),
  };
  await db
    .insertInto('version_analyses')
    .values(values)
    .onConflict((oc) =>
      oc.column('version_id').doUpdateSet({ figures: values.figures, analysed_at: values.analysed_at }),
    )
    .execute();
}
