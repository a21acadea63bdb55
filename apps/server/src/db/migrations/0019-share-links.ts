// Share links (issue #15): a project, a track or one version sent to people without an account. A link is
// found by the SHA-256 of its token (the token itself is never stored); its password, when set, is an argon2id
// hash. Revoking keeps the row (and its access log) with `revoked_at` set. The access log keeps a coarse client
// (browser and OS families) and never an address; failed unlocks and unknown tokens are counted per address in
// `share_failures` for at most a day. Guest comments name the link they came through (`comments.share_link_id`),
// so a guest sees only the comments of their link.
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const real = isPostgres(db) ? sql`double precision` : sql`real`;
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (c) => c.references('track_versions.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', t.timestamp)
    .addColumn('allow_download', t.bool, (c) => c.notNull())
    .addColumn('allow_comments', t.bool, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('share_links_project')
    .on('share_links')
    .columns(['project_id', 'created_at'])
    .execute();
  // Cascades from a deleted track, version or account look their links up by these.
  await db.schema.createIndex('share_links_track').on('share_links').column('track_id').execute();
  await db.schema.createIndex('share_links_version').on('share_links').column('version_id').execute();
  await db.schema.createIndex('share_links_creator').on('share_links').column('created_by').execute();

  await db.schema
    .createTable('share_link_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('set null'))
    .addColumn('version_id', 'text', (c) => c.references('track_versions.id').onDelete('set null'))
    /** One listen's row (played): the page's id for it, so its progress updates the same row. */
    .addColumn('listen_id', 'text')
    .addColumn('seconds', real)
    .addColumn('guest_name', 'text')
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_link_events_link')
    .on('share_link_events')
    .columns(['link_id', 'created_at'])
    .execute();
  // Not partial, so `on conflict (link_id, listen_id)` can name it on both dialects (NULLs never collide).
  await db.schema
    .createIndex('share_link_events_listen')
    .on('share_link_events')
    .columns(['link_id', 'listen_id'])
    .unique()
    .execute();
  await db.schema.createIndex('share_link_events_track').on('share_link_events').column('track_id').execute();
  await db.schema
    .createIndex('share_link_events_version')
    .on('share_link_events')
    .column('version_id')
    .execute();

  await db.schema
    .createTable('share_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    /** The link a wrong password was tried on; null for a token that names no live link. */
    .addColumn('link_id', 'text', (c) => c.references('share_links.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_failures_ip')
    .on('share_failures')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('share_failures_link')
    .on('share_failures')
    .columns(['link_id', 'created_at'])
    .execute();
  await db.schema.createIndex('share_failures_created').on('share_failures').column('created_at').execute();

  await db.schema
    .alterTable('comments')
    .addColumn('share_link_id', 'text', (c) => c.references('share_links.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('comments_share_link').on('comments').column('share_link_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('comments_share_link').execute();
  await db.schema.alterTable('comments').dropColumn('share_link_id').execute();
  await db.schema.dropTable('share_failures').execute();
  await db.schema.dropTable('share_link_events').execute();
  await db.schema.dropTable('share_links').execute();
}
