// Signing links of documents that were deleted with their sender's account (issue #31), by the link's SHA-256
// and until the link would have expired: a party who opens one is told the document is no longer available,
// rather than that the link is invalid. Nothing else about the document or the party is kept.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('withdrawn_signing_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', columnTypes(db).timestamp, (c) => c.notNull())
    .execute();
  // Rows past their link's expiry are removed in bulk.
  await db.schema
    .createIndex('withdrawn_signing_links_expires')
    .on('withdrawn_signing_links')
    .column('expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('withdrawn_signing_links').execute();
}
