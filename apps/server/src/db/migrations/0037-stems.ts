// Stems and deliverables (issue #36). A version's stem set: audio files probed like a version, removed with it
// (cascade; their bytes after, by the media area), counted in the project's totals. A version's null test: the
// stems summed and the mix subtracted, one row per version, rewritten by its job. A share link may include the
// stems of what it shares (only with downloads allowed). Packages (one ZIP of many stored objects) need each
// object's size, CRC-32 and SHA-256 before the first byte leaves: `object_digests` keeps them per stored key.
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const real = isPostgres(db) ? sql`double precision` : sql`real`;
  // A version's exact length in sample frames (lossless audio states it), so a stem's length is compared with
  // the mix's to the sample rather than to the millisecond its rounded duration keeps.
  await db.schema.alterTable('track_versions').addColumn('frames', t.bigint).execute();
  await db.schema
    .createTable('version_stems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version_id', 'text', (c) => c.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('duration', real, (c) => c.notNull())
    .addColumn('frames', t.bigint)
    .addColumn('sample_rate', 'integer', (c) => c.notNull())
    .addColumn('bit_depth', 'integer')
    .addColumn('channels', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One name per version (a duplicate is made unique by the service; this keeps a race from doubling it).
  await db.schema
    .createIndex('version_stems_name')
    .on('version_stems')
    .columns(['version_id', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('version_stems_project').on('version_stems').column('project_id').execute();
  await db.schema.createIndex('version_stems_track').on('version_stems').column('track_id').execute();

  await db.schema
    .createTable('version_null_tests')
    .addColumn('version_id', 'text', (c) =>
      c.primaryKey().references('track_versions.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('residual_rms_dbfs', real)
    .addColumn('residual_peak_dbfs', real)
    .addColumn('verdict', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stem_count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('share_links')
    .addColumn('include_stems', t.bool, (c) => c.notNull().defaultTo(isPostgres(db) ? sql`false` : sql`0`))
    .execute();

  await db.schema
    .createTable('object_digests')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('crc32', t.bigint, (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('object_digests').execute();
  await db.schema.alterTable('share_links').dropColumn('include_stems').execute();
  await db.schema.dropTable('version_null_tests').execute();
  await db.schema.dropTable('version_stems').execute();
  await db.schema.alterTable('track_versions').dropColumn('frames').execute();
}
