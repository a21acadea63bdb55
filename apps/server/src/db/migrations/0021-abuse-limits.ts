// Abuse limits (issue #20): failed sign-ins are also counted per address across every email (password
// spraying), and verification mails per email address across accounts. The mail count outlives a deleted
// account (whose outbox rows go with it), so it keeps only a hash of the address, for a day.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('address_mail_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('address_mail_log_lookup')
    .on('address_mail_log')
    .columns(['address_hash', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('address_mail_log_created')
    .on('address_mail_log')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('login_failures_address')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('address_mail_log').execute();
  await db.schema.dropIndex('login_failures_address').execute();
}
