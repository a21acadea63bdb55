// Issue #33 (reads that stay fast as an account grows): how many documents an owner has of each status and
// type, kept rather than counted. Every documents list answer carries the stats tiles (a count per status over
// all the owner's documents) and a total; with 200,000 documents counting them took 20 to 45 ms a request.
// `document_counts` holds a row per owner, status and type; triggers on `documents` keep it in the same
// transaction as every insert, delete and change of status, type or owner, whichever code makes it. What
// depends on the day (overdue invoices) and on text (a search) is still counted, along an index.
import { sql } from 'kysely';
import { columnTypes, createRowTrigger, dropRowTrigger, type MigrationDb } from '../migration-helpers.ts';

const add = (row: string) => `insert into document_counts (owner_id, status, document_type, n)
  values (${row}.owner_id, ${row}.status, ${row}.document_type, 1)
  on conflict (owner_id, status, document_type) do update set n = document_counts.n + 1;`;
const remove = (row: string) => `update document_counts set n = n - 1
  where owner_id = ${row}.owner_id and status = ${row}.status and document_type = ${row}.document_type;`;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('document_counts')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('n', columnTypes(db).bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counts_pk', ['owner_id', 'status', 'document_type'])
    .execute();
  await createRowTrigger(db, 'documents_count_in', 'insert on documents', add('new'));
  await createRowTrigger(db, 'documents_count_out', 'delete on documents', remove('old'));
  await createRowTrigger(
    db,
    'documents_count_change',
    'update of status, document_type, owner_id on documents',
    `${remove('old')} ${add('new')}`,
  );
  await sql`insert into document_counts (owner_id, status, document_type, n)
    select owner_id, status, document_type, count(*) from documents group by owner_id, status, document_type`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await dropRowTrigger(db, 'documents_count_change', 'documents');
  await dropRowTrigger(db, 'documents_count_out', 'documents');
  await dropRowTrigger(db, 'documents_count_in', 'documents');
  await db.schema.dropTable('document_counts').execute();
}
