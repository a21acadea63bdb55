// The documents area's rules: generate, edit, delete and void a user's documents, each visible and
// changeable only by its owner. Every figure is computed here from the validated payload (stored.ts).

import { randomBytes } from 'node:crypto';
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { canDeleteStatus, canEditStatus, canVoidStatus } from '@mixdesk/contract/document-status';
import { type GenerateDocument, TEMPLATE_LABELS } from '@mixdesk/contract/documents';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { isProjectId, requireProjectAccess } from '../projects/public.ts';
import { type Actor, type RequestOrigin, recordEvent } from './events.ts';
import { assertPrintableNames } from './pdf/printable-names.ts';
import { forgetStoredPdf, rememberIssued, removeObjects, renderAndStore } from './pdf-files.ts';
import { presentDocument } from './present.ts';
import {
  type DocumentRow,
  deleteDocumentRow,
  findDocument,
  insertDocument,
  invoiceNumberTaken,
  type NewSignerRow,
  pdfKeysOf,
  replaceSigners,
  type SignerRow,
  signersOf,
  updateDocumentRow,
} from './repo.ts';
import { type ComposedDocument, composeDocument } from './stored.ts';

export const DUPLICATE_INVOICE = 'An invoice with this number already exists';
export const SIGNED_CANNOT_CHANGE = 'This document has been signed, so it can no longer be edited';
export const SIGNED_CANNOT_DELETE = 'A signed document cannot be deleted; void it instead';

export const PAID_CANNOT_CHANGE = 'This invoice is paid, so it can no longer be edited';

/** Why the content may not change any more, or null while it may. */
function editRefusal(status: string, anySigned: boolean): string | null {
  if (status === 'voided') return 'This document is void and can no longer be edited';
  if (status === 'paid' && !anySigned) return PAID_CANNOT_CHANGE;
  return canEditStatus(status, anySigned) ? null : SIGNED_CANNOT_CHANGE;
}

/** The owner's document, or 404 for anyone else (unknown, malformed and foreign ids look the same). */
export async function requireDocument(ctx: AppContext, ownerId: string, id: string, lock = false) {
  if (!isProjectId(id)) throw notFound('Document');
  const row = await findDocument(ctx.db, ownerId, id.toLowerCase(), lock && ctx.dialect === 'postgres');
  if (!row) throw notFound('Document');
  return row;
}

export async function getDocument(ctx: AppContext, ownerId: string, id: string): Promise<DocumentView> {
  const row = await requireDocument(ctx, ownerId, id);
  return presentDocument(row, await signersOf(ctx.db, [row.id]));
}

function documentNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const suffix = randomBytes(5).toString('hex').slice(0, 6).toUpperCase();
  return `DOC-${day}-${suffix}`;
}

function defaultTitle(input: GenerateDocument, doc: ComposedDocument): string {
  const label = TEMPLATE_LABELS[input.templateName];
  const d = doc.details;
  const title =
    d.kind === 'invoice'
      ? `Invoice ${d.invoiceNumber}`
      : d.kind === 'contract'
        ? `${label}: ${d.projectTitle}`
        : d.kind === 'split_sheet'
          ? `${label}: ${d.songTitle}`
          : `${label}: ${doc.parties.primary.name} & ${doc.parties.secondary.name}`;
  return title.slice(0, 200);
}

function searchTextOf(title: string, number: string, doc: ComposedDocument, projectName: string | null) {
  const people = [doc.parties.primary, doc.parties.secondary, ...doc.signers].flatMap((p) => [
    p.name,
    p.email,
  ]);
  return [title, number, doc.invoiceNumber ?? '', projectName ?? '', ...people].join('\n').toLowerCase();
}

const signerRows = (documentId: string, doc: ComposedDocument): NewSignerRow[] =>
  doc.signers.map((s, position) => ({
    id: newId(),
    document_id: documentId,
    position,
    role: s.role,
    name: s.name,
    email: s.email,
    status: 'pending',
    token_hash: null,
    token_expires_at: null,
    viewed_at: null,
    signed_at: null,
    rejected_at: null,
    signature: null,
    reject_reason: null,
  }));

/** The project a document names: one the caller can see (owner or collaborator), else 404. */
async function projectOf(ctx: AppContext, userId: string, projectId: string | null | undefined) {
  if (!projectId) return null;
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  return { id: project.id, name: project.title };
}

async function assertInvoiceNumberFree(
  ctx: AppContext,
  ownerId: string,
  doc: ComposedDocument,
  exceptId?: string,
) {
  if (doc.invoiceNumber && (await invoiceNumberTaken(ctx.db, ownerId, doc.invoiceNumber, exceptId)))
    throw new AppError('CONFLICT', DUPLICATE_INVOICE, [
      { path: 'invoiceDetails.invoiceNumber', message: DUPLICATE_INVOICE },
    ]);
}

/** A row as this module writes it: the JSON columns as text. */
type WrittenRow = Omit<DocumentRow, 'parties' | 'details'> & { parties: string; details: string };

/** Rows as they will be after a write, so the PDF is rendered from exactly what gets stored. */
function draftView(row: DocumentRow, signers: NewSignerRow[]): DocumentView {
  return presentDocument(row, signers as SignerRow[]);
}

export async function generateDocument(
  ctx: AppContext,
  owner: { id: string } & Actor,
  input: GenerateDocument,
  origin: RequestOrigin,
): Promise<DocumentView> {
  assertPrintableNames(input);
  const doc = composeDocument(input);
  const project = await projectOf(ctx, owner.id, input.projectId);
  await assertInvoiceNumberFree(ctx, owner.id, doc);
  const now = new Date();
  const id = newId();
  const number = documentNumber(now);
  const title = input.title || defaultTitle(input, doc);
  const row: WrittenRow = {
    id,
    owner_id: owner.id,
    document_number: number,
    title,
    document_type: doc.type,
    template_name: input.templateName,
    status: 'generated',
    project_id: project?.id ?? null,
    project_name: project?.name ?? null,
    parties: JSON.stringify(doc.parties),
    details: JSON.stringify(doc.details),
    invoice_number: doc.invoiceNumber,
    amount_cents: doc.amountCents,
    due_date: doc.dueDate,
    search_text: searchTextOf(title, number, doc, project?.name ?? null),
    pdf_key: '',
    pdf_size: 0,
    pdf_sha256: '',
    pdf_revision: 1,
    signing_order: 'parallel',
    unsigned_sha256: null,
    sent_at: null,
    completed_at: null,
    paid_at: null,
    voided_at: null,
    completion_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const signers = signerRows(id, doc);
  const pdf = await renderAndStore(ctx, draftView(row, signers), 1);
  Object.assign(row, { pdf_key: pdf.key, pdf_size: pdf.size, pdf_sha256: pdf.sha256 });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertDocument(trx, row, signers);
      await rememberIssued(trx, id, pdf, 'draft');
      await recordEvent(trx, id, 'created', owner, origin, { template: input.templateName }, row.created_at);
    });
  } catch (err) {
    await removeObjects(ctx, [pdf.key]);
    if (isUniqueViolation(err) && doc.invoiceNumber) throw conflict(DUPLICATE_INVOICE);
    throw err;
  }
  return presentDocument(row, signers as SignerRow[]);
}

/**
 * PUT: the whole content again, while nobody has signed. The PDF is rendered as a new revision; links
 * already sent die with the old content (the document goes back to 'generated' and must be sent again).
 */
export async function updateDocument(
  ctx: AppContext,
  owner: { id: string } & Actor,
  id: string,
  input: GenerateDocument,
  origin: RequestOrigin,
): Promise<DocumentView> {
  assertPrintableNames(input);
  const existing = await requireDocument(ctx, owner.id, id);
  const early = editRefusal(existing.status, false);
  if (early) throw conflict(early);
  const doc = composeDocument(input);
  if (doc.type !== existing.document_type)
    throw new AppError('VALIDATION_ERROR', "A document's type can't change; generate a new one instead", [
      { path: 'templateName', message: `This document is a ${existing.document_type.replace('_', ' ')}` },
    ]);
  const project = await projectOf(ctx, owner.id, input.projectId);
  await assertInvoiceNumberFree(ctx, owner.id, doc, existing.id);
  const title = input.title || defaultTitle(input, doc);
  const revision = existing.pdf_revision + 1;
  const next: WrittenRow = {
    ...existing,
    title,
    template_name: input.templateName,
    status: 'generated',
    project_id: project?.id ?? null,
    project_name: project?.name ?? null,
    parties: JSON.stringify(doc.parties),
    details: JSON.stringify(doc.details),
    invoice_number: doc.invoiceNumber,
    amount_cents: doc.amountCents,
    due_date: doc.dueDate,
    search_text: searchTextOf(title, existing.document_number, doc, project?.name ?? null),
    pdf_revision: revision,
    sent_at: null,
    updated_at: nowIso(),
  };
  const signers = signerRows(existing.id, doc);
  const pdf = await renderAndStore(ctx, draftView(next, signers), revision);
  Object.assign(next, { pdf_key: pdf.key, pdf_size: pdf.size, pdf_sha256: pdf.sha256 });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Checked again under the lock: a signature that lands meanwhile wins over the edit.
      const current = await findDocument(trx, owner.id, existing.id, ctx.dialect === 'postgres');
      if (!current) throw notFound('Document');
      const signed = (await signersOf(trx, [current.id])).some((s) => s.signed_at);
      const refusal = editRefusal(current.status, signed);
      if (refusal) throw conflict(refusal);
      if (current.pdf_revision !== existing.pdf_revision)
        throw conflict('The document changed meanwhile; reload it and try again');
      const { id: _, owner_id: __, ...changes } = next;
      await updateDocumentRow(trx, existing.id, changes);
      await replaceSigners(trx, existing.id, signers);
      await rememberIssued(trx, existing.id, pdf, 'draft');
      // The replaced PDF goes after the commit; from the commit on, no row names it.
      await forgetStoredPdf(trx, existing.id, existing.pdf_key);
      await recordEvent(trx, existing.id, 'updated', owner, origin, { revision });
    });
  } catch (err) {
    await removeObjects(ctx, [pdf.key]);
    if (isUniqueViolation(err) && doc.invoiceNumber) throw conflict(DUPLICATE_INVOICE);
    throw err;
  }
  await removeObjects(ctx, [existing.pdf_key]);
  return presentDocument(next, signers as SignerRow[]);
}

/** Removes the document and every PDF it had; a document someone signed stays (it can only be voided). */
export async function deleteDocument(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const existing = await requireDocument(ctx, ownerId, id);
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const current = await findDocument(trx, ownerId, existing.id, ctx.dialect === 'postgres');
    if (!current) throw notFound('Document');
    const signed = (await signersOf(trx, [current.id])).some((s) => s.signed_at);
    if (!canDeleteStatus(current.status, signed)) throw conflict(SIGNED_CANNOT_DELETE);
    const found = await pdfKeysOf(trx, current.id);
    await deleteDocumentRow(trx, current.id);
    return [...new Set([...found, current.pdf_key])];
  });
  await removeObjects(ctx, keys);
}

/** Voids a document: it stays on record, but nobody can sign it any more. */
export async function voidDocument(
  ctx: AppContext,
  owner: { id: string } & Actor,
  id: string,
  origin: RequestOrigin,
): Promise<DocumentView> {
  const existing = await requireDocument(ctx, owner.id, id);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findDocument(trx, owner.id, existing.id, ctx.dialect === 'postgres');
    if (!current) throw notFound('Document');
    if (current.status === 'voided') throw conflict('This document is already void');
    if (!canVoidStatus(current.status)) throw conflict('A completed document cannot be voided');
    const now = nowIso();
    await updateDocumentRow(trx, current.id, { status: 'voided', voided_at: now, updated_at: now });
    await trx
      .updateTable('document_signers')
      .set({ token_hash: null, token_expires_at: null })
      .where('document_id', '=', current.id)
      .execute();
    await recordEvent(trx, current.id, 'voided', owner, origin, {}, now);
    const signers = await signersOf(trx, [current.id]);
    return presentDocument({ ...current, status: 'voided', voided_at: now, updated_at: now }, signers);
  });
}
