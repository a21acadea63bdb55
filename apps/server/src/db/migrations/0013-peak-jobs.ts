import { randomUUID } from 'node:crypto';
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

/** Rows per insert: well under SQLite's limit on bound values. */
const BATCH = 500;

export async function up(db: MigrationDb): Promise<void> {
  // Waveform peaks move onto the jobs table (platform/jobs/jobs.ts): every version still waiting for its waveform
  // gets a queued job, oldest first as before, unless one is already waiting or running for it.
  const pending: { id: string; project_id: string; created_at: string }[] = await db
    .selectFrom('track_versions as v')
    .select(['v.id', 'v.project_id', 'v.created_at'])
    .where('v.peaks_status', '=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs as j')
            .select('j.id')
            .whereRef('j.subject_id', '=', 'v.id')
            .where('j.kind', '=', 'peaks')
            .where('j.status', 'in', ['queued', 'running']),
        ),
      ),
    )
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
  for (let i = 0; i < pending.length; i += BATCH) {
    await db
      .insertInto('jobs')
      .values(
        pending.slice(i, i + BATCH).map((v) => ({
          id: randomUUID(),
          kind: 'peaks',
          subject_id: v.id,
          project_id: v.project_id,
          status: 'queued',
          progress: 0,
          error: null,
          attempts: 0,
          payload: '{}',
          claimed_at: null,
          created_at: v.created_at,
          started_at: null,
          finished_at: null,
          dedupe_key: 'peaks',
          result: null,
        })),
      )
      .execute();
  }
  // The old claim loop's own columns and index: the jobs table holds claims and attempts now.
  await db.schema.dropIndex('track_versions_peaks_pending').execute();
  await db.schema.alterTable('track_versions').dropColumn('peaks_claimed_at').execute();
  await db.schema.alterTable('track_versions').dropColumn('peaks_attempts').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('track_versions')
    .addColumn('peaks_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('track_versions').addColumn('peaks_claimed_at', t.timestamp).execute();
  await db.schema
    .createIndex('track_versions_peaks_pending')
    .on('track_versions')
    .columns(['peaks_status', 'created_at'])
    .execute();
  // The old runner takes pending versions from track_versions itself; live waveform jobs would only linger.
  await db
    .deleteFrom('jobs')
    .where('kind', '=', 'peaks')
    .where('status', 'in', ['queued', 'running'])
    .execute();
}
