// Queries of the documents area: one set for SQLite and PostgreSQL.
import { OWED_STATUSES } from '@mixdesk/contract/document-status';
import { type DocumentStatus, type DocumentType, OVERDUE } from '@mixdesk/contract/documents';
import { type Insertable, type Kysely, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { ownedBy, searchMatches, searchReadsIndex } from '../../db/sql-helpers.ts';
import type { DocumentEventsTable, DocumentSignersTable, DocumentsTable } from './tables.ts';

/** A document as the area reads it (its search index key stays in the database). */
export type DocumentRow = Omit<Selectable<DocumentsTable>, 'search_key'>;
export type NewDocumentRow = Insertable<DocumentsTable>;
export type DocumentChanges = Updateable<DocumentsTable>;
export type SignerRow = Selectable<DocumentSignersTable>;
export type NewSignerRow = Insertable<DocumentSignersTable>;
export type EventRow = Selectable<DocumentEventsTable>;

export interface DocumentFilters {
  search?: string;
  status?: DocumentStatus | typeof OVERDUE;
  type?: DocumentType;
}

/** The owner's document; `lock` (PostgreSQL, inside a transaction) holds the row until commit. */
export function findDocument(db: Kysely<DB>, ownerId: string, id: string, lock = false) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function signersOf(db: Kysely<DB>, documentIds: readonly string[]): Promise<SignerRow[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('document_signers')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('document_id')
    .orderBy('position')
    .execute();
}

export async function invoiceNumberTaken(
  db: Kysely<DB>,
  ownerId: string,
  invoiceNumber: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('documents')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('invoice_number', '=', invoiceNumber);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Invoices that went out, are not paid and are past due on `today` (YYYY-MM-DD). */
const overdue = (today: string) =>
  sql<SqlBool>`document_type = 'invoice' and status in (${sql.join(OWED_STATUSES)}) and due_date < ${today}`;

/**
 * The owner's documents matching `f`; `ownerRows`, how many the owner has, and how often the index holds the
 * term pick how a search is read (db/sql-helpers.ts, `searchReadsIndex`).
 */
async function filtered(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  f: DocumentFilters,
  today: string,
  ownerRows: number,
) {
  const term = f.search?.trim();
  const indexed = !!term && (await searchReadsIndex(db, dialect, 'documents', term, ownerRows));
  let q = db.selectFrom('documents').where(ownedBy('documents.owner_id', ownerId, indexed));
  if (term) q = q.where(searchMatches('documents', 'documents', term, indexed));
  if (f.status === OVERDUE) q = q.where(overdue(today));
  else if (f.status) q = q.where('status', '=', f.status);
  if (f.type) q = q.where('document_type', '=', f.type);
  return q;
}

/** How many of the owner's documents there are of each status and type: kept by triggers (0032). */
export async function keptCounts(db: Kysely<DB>, ownerId: string) {
  const rows = await db
    .selectFrom('document_counts')
    .select(['status', 'document_type', 'n'])
    .where('owner_id', '=', ownerId)
    .execute();
  return rows.map((r) => ({ status: r.status, type: r.document_type, n: Number(r.n) }));
}

export type KeptCounts = Awaited<ReturnType<typeof keptCounts>>;

/**
 * One page of the owner's documents matching the filters, newest first, and how many match: from `kept` when
 * the filters are of status and type only, else counted. The page's ids are picked first along the
 * (owner, created_at, id, status, type) index, so a deep page reads only its own rows.
 */
export async function listDocumentRows(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  filters: DocumentFilters,
  window: { limit: number; offset: number },
  today: string,
  kept: KeptCounts,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const ownerRows = kept.reduce((sum, c) => sum + c.n, 0);
  const base = await filtered(db, dialect, ownerId, filters, today, ownerRows);
  const ids = base
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
  const countable = !filters.search?.trim() && filters.status !== OVERDUE;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('documents')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    countable
      ? kept
          .filter(
            (c) =>
              (!filters.status || c.status === filters.status) && (!filters.type || c.type === filters.type),
          )
          .reduce((sum, c) => sum + c.n, 0)
      : base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
  ]);
  return { rows, total };
}

/** The owner's overdue invoices on `today`: a range of the (owner, status, type, due date) index per status. */
export async function overdueCount(db: Kysely<DB>, ownerId: string, today: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where(overdue(today))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDocument(
  db: Kysely<DB>,
  row: NewDocumentRow,
  signers: NewSignerRow[],
): Promise<void> {
  await db.insertInto('documents').values(row).execute();
  await db.insertInto('document_signers').values(signers).execute();
}

export async function replaceSigners(db: Kysely<DB>, documentId: string, signers: NewSignerRow[]) {
  await db.deleteFrom('document_signers').where('document_id', '=', documentId).execute();
  await db.insertInto('document_signers').values(signers).execute();
}

export async function updateDocumentRow(db: Kysely<DB>, id: string, changes: DocumentChanges) {
  await db.updateTable('documents').set(changes).where('id', '=', id).execute();
}

export async function deleteDocumentRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

export function eventsOf(db: Kysely<DB>, documentId: string): Promise<EventRow[]> {
  return db
    .selectFrom('document_events')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Storage keys of the PDFs a document keeps besides its current one (the unsigned one of a completed document). */
export async function pdfKeysOf(db: Kysely<DB>, documentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('document_files')
    .select('storage_key')
    .where('document_id', '=', documentId)
    .where('storage_key', 'is not', null)
    .execute();
  return rows.map((r) => r.storage_key!);
}

export function findIssuedFile(db: Kysely<DB>, sha256: string) {
  return db
    .selectFrom('document_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select(['f.document_id', 'f.revision', 'f.kind', 'f.created_at', 'd.owner_id', 'd.document_number'])
    .where('f.sha256', '=', sha256)
    .executeTakeFirst();
}
