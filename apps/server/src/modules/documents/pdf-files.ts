// A document's PDF: rendered from its content, stored under a key of its own (decision 029), and remembered by
// its SHA-256 so that a file someone sends back can be recognised as one we issued. The object is written
// before the row that names it is committed; a failed commit removes it again. Every write has its own key:
// two requests making the same revision at once (two completions, two edits) never write over each other,
// and the one whose transaction loses removes only what it wrote.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DocumentView } from '@mixdesk/contract/document-responses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso, randomToken } from '../../platform/ids.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';

/** A rendered PDF is a few hundred KB at most (100 invoice rows, long clauses); this bounds a bad render. */
const PDF_MAX_BYTES = 32 * 1024 * 1024;

export interface StoredPdf {
  key: string;
  size: number;
  sha256: string;
  revision: number;
}

/**
 * A new key for one write of a revision's PDF: `documents/<id>/r<revision>-<16 hex digits>`. Keys stored
 * before decision 029 are `documents/<id>/r<revision>`; rows name either kind.
 */
export const newPdfKey = (documentId: string, revision: number) =>
  `documents/${documentId}/r${revision}-${randomToken(8, 'hex')}`;

export async function renderAndStore(
  ctx: AppContext,
  view: DocumentView,
  revision: number,
): Promise<StoredPdf> {
  const bytes = await renderDocumentPdf(view);
  const key = newPdfKey(view._id, revision);
  await ctx.storage.put(key, Readable.from([bytes]), { maxBytes: PDF_MAX_BYTES });
  return { key, size: bytes.length, sha256: sha256Of(bytes), revision };
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Records a PDF we issued and the key it is kept under. The same bytes issued again (an edit back to earlier
 * content renders them exactly) keep their first row, which now names the new object: the earlier one was
 * removed when an edit replaced it, or goes when this one replaces it.
 */
export async function rememberIssued(
  db: Kysely<DB>,
  documentId: string,
  pdf: StoredPdf,
  kind: 'draft' | 'final',
): Promise<void> {
  await db
    .insertInto('document_files')
    .values({
      sha256: pdf.sha256,
      document_id: documentId,
      revision: pdf.revision,
      kind,
      storage_key: pdf.key,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .column('sha256')
        .doUpdateSet({ storage_key: (eb) => eb.ref('excluded.storage_key') })
        .where('document_files.document_id', '=', documentId),
    )
    .execute();
}

/**
 * The rows that name a PDF about to be removed (the one an edit replaced) stop naming it, in the transaction
 * that replaces it: a row keeps answering "we issued this" by its SHA-256, and names no object that is gone.
 */
export async function forgetStoredPdf(db: Kysely<DB>, documentId: string, key: string): Promise<void> {
  await db
    .updateTable('document_files')
    .set({ storage_key: null })
    .where('document_id', '=', documentId)
    .where('storage_key', '=', key)
    .execute();
}

/** Removes stored objects after their rows are gone; a leftover object is logged, never an error to the user. */
export async function removeObjects(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await ctx.storage
      .remove(key)
      .catch((err) => ctx.log.error({ service: 'documents', err, key }, 'Removing a document PDF failed'));
}
