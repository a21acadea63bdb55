// A document's PDF: rendered from its content, stored under an id-only key, and remembered by its SHA-256
// so that a file someone sends back can be recognised as one we issued. The object is written before the
// row that names it is committed; a failed commit removes it again.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DocumentView } from '@mixdesk/contract/document-responses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';
import { pdfKey } from './repo.ts';

/** A rendered PDF is a few hundred KB at most (100 invoice rows, long clauses); this bounds a bad render. */
const PDF_MAX_BYTES = 32 * 1024 * 1024;

export interface StoredPdf {
  key: string;
  size: number;
  sha256: string;
  revision: number;
}

export async function renderAndStore(
  ctx: AppContext,
  view: DocumentView,
  revision: number,
): Promise<StoredPdf> {
  const bytes = await renderDocumentPdf(view);
  const key = pdfKey(view._id, revision);
  await ctx.storage.put(key, Readable.from([bytes]), { maxBytes: PDF_MAX_BYTES });
  return { key, size: bytes.length, sha256: sha256Of(bytes), revision };
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** Removes stored objects after their rows are gone; a leftover object is logged, never an error to the user. */
export async function removeObjects(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await ctx.storage
      .remove(key)
      .catch((err) => ctx.log.error({ service: 'documents', err, key }, 'Removing a document PDF failed'));
}
