// Every write of a document's PDF gets a key of its own (decision 029): two requests making the same revision
// at once wrote one id-and-revision key, so one's bytes could replace the other's and the loser then removed
// the winner's file. documents.pdf_key already held the current key; document_files now holds the key of each
// PDF a document keeps besides, or null once it keeps it no more (an edit removed it; the row still answers a
// verify by SHA-256). Rows from before are filled in with the keys the old code stored under,
// documents/<id>/r<revision>: the current PDF's is the document's pdf_key; the unsigned PDF of a completed
// document (unsigned_sha256) is the revision before the final one; every other row's PDF was removed by the
// edit that replaced it, so it names nothing (a backup would look for it in vain).
import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('document_files').addColumn('storage_key', 'text').execute();
  // One statement for SQLite and PostgreSQL: a correlated subquery (no UPDATE ... FROM), `||` and a cast.
  await sql`
    update document_files set storage_key = (
      select case
        when document_files.sha256 = d.pdf_sha256 then d.pdf_key
        when document_files.sha256 = d.unsigned_sha256
          then 'documents/' || d.id || '/r' || cast(d.pdf_revision - 1 as text)
      end
      from documents d
      where d.id = document_files.document_id
    )`.execute(db);
  // The storage sweeper asks which of a few hundred keys some row names.
  await db.schema
    .createIndex('document_files_storage_key')
    .on('document_files')
    .column('storage_key')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('document_files_storage_key').execute();
  await db.schema.alterTable('document_files').dropColumn('storage_key').execute();
}
