// Listening copies (issue #35): beside each version's untouched original, a lossless copy (FLAC at the source's
// rate and depth, for originals a browser may not play: WAV, AIFF, ALAC) and a compact one (AAC-LC in M4A, for
// a phone on mobile data and for share links without downloads). A copy's status is a job's (queued, running,
// done, failed); a null lossless status means the version needs none (its original is FLAC, or lossy).
// Versions stored before this migration get theirs from the media area's start (a job queued per version).
import { type RawBuilder, sql } from 'kysely';
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const columns: [string, RawBuilder<unknown>][] = [
    ['lossless_status', sql`text`],
    ['lossless_key', sql`text`],
    ['lossless_size', t.bigint],
    ['compact_status', sql`text`],
    ['compact_key', sql`text`],
    ['compact_size', t.bigint],
    ['compact_bitrate', sql`integer`],
    ['compact_codec', sql`text`],
  ];
  for (const [name, type] of columns)
    await db.schema.alterTable('track_versions').addColumn(name, type).execute();
  await db.updateTable('track_versions').set({ compact_status: 'queued' }).execute();
  // Integer PCM of 16 or 24 bits (WAV, AIFF, ALAC in M4A): what FLAC holds sample for sample.
  await db
    .updateTable('track_versions')
    .set({ lossless_status: 'queued' })
    .where('format', 'in', ['wav', 'aiff', 'm4a'])
    .where('bit_depth', 'in', [16, 24])
    .execute();
  // The start's sweep finds the versions whose copies were never made.
  await db.schema
    .createIndex('track_versions_compact_status')
    .on('track_versions')
    .column('compact_status')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('track_versions_compact_status').execute();
  for (const name of [
    'lossless_status',
    'lossless_key',
    'lossless_size',
    'compact_status',
    'compact_key',
    'compact_size',
    'compact_bitrate',
    'compact_codec',
  ])
    await db.schema.alterTable('track_versions').dropColumn(name).execute();
}
