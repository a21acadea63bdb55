// The mail outbox becomes a queue (decision 030): a send that fails is tried again later, by one instance.
// status: 'queued' (not sent yet), 'sent', 'failed' (given up after the last try) or 'kept' (written without
// SMTP_URL: it stays in the table and the log, nothing sends it). attempts counts the tries begun; the lease
// (lease_id, lease_until) marks the instance trying it now; attachments holds their bytes until the mail goes.
// Rows from before: sent ones are 'sent'; ones whose one try failed within the last day go back in the queue
// (their links still work), older ones are 'failed'; the rest were written without SMTP and are 'kept'.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // One column per statement: SQLite adds one at a time.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('kept'))
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', t.timestamp).execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_until', t.timestamp).execute();
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', t.timestamp).execute();
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();

  const now = new Date().toISOString();
  const dayAgo = new Date(Date.now() - DAY_MS).toISOString();
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', attempts: 1 })
    .where('sent_at', 'is not', null)
    .execute();
  await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 1, next_attempt_at: now })
    .where('sent_at', 'is', null)
    .where('error', 'is not', null)
    .where('created_at', '>', dayAgo)
    .execute();
  await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', attempts: 1, failed_at: now })
    .where('sent_at', 'is', null)
    .where('error', 'is not', null)
    .where('created_at', '<=', dayAgo)
    .execute();
  // The sweep asks for queued mails that are due; the diagnostics count by status.
  await db.schema
    .createIndex('mail_outbox_queue')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('mail_outbox_queue').execute();
  for (const column of [
    'attachments',
    'failed_at',
    'lease_until',
    'lease_id',
    'next_attempt_at',
    'attempts',
    'status',
  ])
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
}
