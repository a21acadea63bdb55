import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * A version per owner of everything their documents list shows (documents and their signers), bumped by
 * triggers in the same transaction as any change, whichever module makes it: a list answer cached under a
 * version is served only while the database still holds it (modules/documents/list.ts). Audit events and
 * downloads do not show in the list and do not bump it.
 */
async function createListVersionTriggers(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function document_list_bump(owner text) returns void language sql as $$
      insert into document_list_versions (owner_id, version) select owner, 1 where owner is not null
      on conflict (owner_id) do update set version = document_list_versions.version + 1
    $$`.execute(db);
    await sql`create function documents_list_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform document_list_bump(old.owner_id); end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.owner_id <> old.owner_id) then
          perform document_list_bump(new.owner_id);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function document_signers_list_version() returns trigger language plpgsql as $$
      begin
        perform document_list_bump((select owner_id from documents
          where id = case when tg_op = 'DELETE' then old.document_id else new.document_id end));
        return null;
      end $$`.execute(db);
    await sql`create trigger documents_list_version after insert or update or delete on documents
      for each row execute function documents_list_version()`.execute(db);
    await sql`create trigger document_signers_list_version after insert or update or delete on document_signers
      for each row execute function document_signers_list_version()`.execute(db);
    return;
  }
  // SQLite's upsert from a SELECT needs a WHERE to parse.
  const bump = (owner: string) => `insert into document_list_versions (owner_id, version)
    select owner_id, 1 from (select ${owner} as owner_id) where owner_id is not null
    on conflict (owner_id) do update set version = version + 1;`;
  const triggers = [
    `documents_lv_insert after insert on documents begin ${bump('new.owner_id')} end`,
    `documents_lv_update after update on documents begin ${bump('new.owner_id')} end`,
    `documents_lv_delete after delete on documents begin ${bump('old.owner_id')} end`,
    `document_signers_lv_insert after insert on document_signers begin
      ${bump('(select owner_id from documents where id = new.document_id)')} end`,
    `document_signers_lv_update after update on document_signers begin
      ${bump('(select owner_id from documents where id = new.document_id)')} end`,
    `document_signers_lv_delete after delete on document_signers begin
      ${bump('(select owner_id from documents where id = old.document_id)')} end`,
  ];
  for (const trigger of triggers) await sql.raw(`create trigger ${trigger}`).execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // A generated business document. Money is integer cents (details JSON included); the columns beside the
  // JSON are the ones the list filters, searches, sorts and counts in SQL.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_number', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('project_name', 'text')
    .addColumn('parties', t.json, (c) => c.notNull())
    .addColumn('details', t.json, (c) => c.notNull())
    .addColumn('invoice_number', 'text')
    .addColumn('amount_cents', t.bigint)
    .addColumn('due_date', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('pdf_key', 'text', (c) => c.notNull())
    .addColumn('pdf_size', 'integer', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('pdf_revision', 'integer', (c) => c.notNull())
    // 'parallel': every signer gets a link at once; 'sequential': each after the one before has signed.
    .addColumn('signing_order', 'text', (c) => c.notNull().defaultTo('parallel'))
    .addColumn('unsigned_sha256', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('paid_at', 'text')
    .addColumn('voided_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The list's order within one owner's documents, with the filtered columns riding along.
  await db.schema
    .createIndex('documents_owner_created')
    .on('documents')
    .columns(['owner_id', 'created_at', 'id', 'status', 'document_type'])
    .execute();
  // Per-status counts (and the overdue count) read only this index.
  await db.schema
    .createIndex('documents_owner_status')
    .on('documents')
    .columns(['owner_id', 'status', 'document_type', 'due_date'])
    .execute();
  // Invoice numbers are unique per user (NULLs, i.e. other documents, never collide).
  await db.schema
    .createIndex('documents_owner_invoice_number')
    .on('documents')
    .columns(['owner_id', 'invoice_number'])
    .unique()
    .execute();
  await db.schema.createIndex('documents_project').on('documents').column('project_id').execute();

  // Who signs: the two parties, or every person on a split sheet. The signing link's token is stored hashed.
  await db.schema
    .createTable('document_signers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_expires_at', t.timestamp)
    .addColumn('viewed_at', t.timestamp)
    .addColumn('signed_at', t.timestamp)
    .addColumn('rejected_at', t.timestamp)
    .addColumn('signature', t.json)
    .addColumn('reject_reason', 'text')
    .execute();
  await db.schema
    .createIndex('document_signers_document')
    .on('document_signers')
    .columns(['document_id', 'position'])
    .execute();

  // The audit trail: every event with who, when, from where.
  await db.schema
    .createTable('document_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_events_document')
    .on('document_events')
    .columns(['document_id', 'created_at'])
    .execute();

  // Every PDF we issued, by its SHA-256: what POST /api/documents/verify answers from.
  await db.schema
    .createTable('document_files')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_files_document').on('document_files').column('document_id').execute();

  await db.schema
    .createTable('document_list_versions')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', t.bigint, (c) => c.notNull())
    .execute();
  await createListVersionTriggers(db);

  // Failed signing-link look-ups per client address: guessing links is throttled across instances.
  await db.schema
    .createTable('signing_link_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_link_failures_ip')
    .on('signing_link_failures')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger document_signers_list_version on document_signers`.execute(db);
    await sql`drop trigger documents_list_version on documents`.execute(db);
    for (const fn of [
      'document_signers_list_version()',
      'documents_list_version()',
      'document_list_bump(text)',
    ])
      await sql.raw(`drop function ${fn}`).execute(db);
  }
  await db.schema.dropTable('document_list_versions').execute();
  await db.schema.dropTable('signing_link_failures').execute();
  await db.schema.dropTable('document_files').execute();
  await db.schema.dropTable('document_events').execute();
  await db.schema.dropTable('document_signers').execute();
  await db.schema.dropTable('documents').execute();
}
