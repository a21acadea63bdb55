// Tracks, their versions (uploaded audio) and a project's other files. Bytes live in storage under keys
// made of ids; these rows say what each object is. Everything hangs off a project and goes with it.
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const real = isPostgres(db) ? sql`double precision` : sql`real`;

  await db.schema
    .createTable('tracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bpm', real)
    .addColumn('musical_key', 'text')
    .addColumn('isrc', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    // Not a foreign key (versions reference tracks); the media service keeps it pointing at one of them.
    .addColumn('current_version_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tracks_project_position')
    .on('tracks')
    .columns(['project_id', 'position'])
    .execute();

  await db.schema
    .createTable('track_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    // The project too, so a project's stored objects and byte total are one indexed lookup.
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('duration', real, (c) => c.notNull())
    .addColumn('sample_rate', 'integer', (c) => c.notNull())
    .addColumn('bit_depth', 'integer')
    .addColumn('channels', 'integer', (c) => c.notNull())
    .addColumn('peaks', t.json, (c) => c.notNull())
    // Peaks come from a full decode, a job run after the upload answers: pending, ready or failed.
    .addColumn('peaks_status', 'text', (c) => c.notNull())
    .addColumn('peaks_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('peaks_claimed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('track_versions_peaks_pending')
    .on('track_versions')
    .columns(['peaks_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('track_versions_track')
    .on('track_versions')
    .columns(['track_id', 'created_at'])
    .execute();
  await db.schema.createIndex('track_versions_project').on('track_versions').column('project_id').execute();

  await db.schema
    .createTable('project_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_files_project')
    .on('project_files')
    .columns(['project_id', 'category', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('project_files').execute();
  await db.schema.dropTable('track_versions').execute();
  await db.schema.dropTable('tracks').execute();
}
