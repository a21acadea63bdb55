// Credits, splits and releases (issue #37). A work is a composition its owner keeps (writers and publishers as
// JSON lists: they are read and written whole, and checked by the contract's schemas before any row changes); a
// recording is a track's master, one row per track once saved, its ISRC unique in its owner's account (stored
// without hyphens; several recordings without one are allowed, as NULLs do not collide); a release holds its
// ordered tracks in release_tracks (a deleted track leaves its releases). Splits carry a status (draft,
// pending, agreed) and rounds of agreement: one row per round and one per party, each party's link kept as
// the SHA-256 of its token. calendar_feeds holds each person's private calendar address.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('works')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('iswc', 'text')
    .addColumn('writers', 'text', (c) => c.notNull())
    .addColumn('publishers', 'text', (c) => c.notNull())
    .addColumn('splits_status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('works_owner').on('works').columns(['owner_id', 'updated_at']).execute();

  await db.schema
    .createTable('recordings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().unique().references('tracks.id').onDelete('cascade'))
    .addColumn('work_id', 'text', (c) => c.references('works.id').onDelete('set null'))
    .addColumn('isrc', 'text')
    .addColumn('artists', 'text', (c) => c.notNull())
    .addColumn('credits', 'text', (c) => c.notNull())
    .addColumn('master_owners', 'text', (c) => c.notNull())
    .addColumn('bpm', 'real')
    .addColumn('musical_key', 'text')
    .addColumn('studio', 'text', (c) => c.notNull())
    .addColumn('recorded_on', 'text')
    .addColumn('p_line_year', 'integer')
    .addColumn('p_line_owner', 'text', (c) => c.notNull())
    .addColumn('splits_status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recordings_owner_isrc')
    .unique()
    .on('recordings')
    .columns(['owner_id', 'isrc'])
    .execute();
  await db.schema.createIndex('recordings_work').on('recordings').column('work_id').execute();
  await db.schema.createIndex('recordings_project').on('recordings').column('project_id').execute();

  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('upc', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('catalogue_number', 'text', (c) => c.notNull())
    .addColumn('release_date', 'text')
    .addColumn('c_line', 'text', (c) => c.notNull())
    .addColumn('artwork_key', 'text')
    .addColumn('artwork_format', 'text')
    .addColumn('artwork_width', 'integer')
    .addColumn('artwork_height', 'integer')
    .addColumn('artwork_size', t.bigint)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('releases_owner').on('releases').columns(['owner_id', 'updated_at']).execute();

  await db.schema
    .createTable('release_tracks')
    .addColumn('release_id', 'text', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('disc', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_tracks_pk', ['release_id', 'position'])
    .execute();
  await db.schema.createIndex('release_tracks_track').on('release_tracks').column('track_id').execute();

  await db.schema
    .createTable('agreement_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'work' or 'recording'; subject_id is the work's id or the recording's. */
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** The splits as sent (JSON): what every party saw and answered; the sealed sheet is made from it. */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    /** open, agreed, declined, void (the splits changed after it was sent). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .addColumn('agreed_at', t.timestamp)
    .addColumn('sheet_key', 'text')
    .addColumn('sheet_sha256', 'text')
    .addColumn('sheet_size', t.bigint)
    .execute();
  await db.schema
    .createIndex('agreement_rounds_subject')
    .on('agreement_rounds')
    .columns(['subject_kind', 'subject_id', 'sent_at'])
    .execute();

  await db.schema
    .createTable('agreement_parties')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('round_id', 'text', (c) => c.notNull().references('agreement_rounds.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('share_basis_points', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    /** pending, accepted, declined. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('responded_at', t.timestamp)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('agreement_parties_round')
    .on('agreement_parties')
    .columns(['round_id', 'position'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** The feed's secret as it appears in its address (shown again on every GET /api/calendar). */
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'calendar_feeds',
    'agreement_parties',
    'agreement_rounds',
    'release_tracks',
    'releases',
    'recordings',
    'works',
  ])
    await db.schema.dropTable(table).execute();
}
