// Reading a document's PDF (download or inline view), its audit trail, and recognising a PDF we issued.
import type { AuditEvent } from '@mixdesk/contract/document-responses';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { contentDisposition } from '../media/public.ts';
import { type Actor, type RequestOrigin, recordEvent } from './events.ts';
import { sha256Of } from './pdf-files.ts';
import { presentEvent } from './present.ts';
import { eventsOf, findIssuedFile } from './repo.ts';
import { requireDocument } from './service.ts';

/** A signed contract with drawn signatures is well under this. */
export const VERIFY_MAX_BYTES = 32 * 1024 * 1024;

export async function sendPdf(
  ctx: AppContext,
  reply: FastifyReply,
  owner: { id: string } & Actor,
  id: string,
  inline: boolean,
  origin: RequestOrigin,
) {
  const row = await requireDocument(ctx, owner.id, id);
  const stream = await ctx.storage.get(row.pdf_key);
  if (!inline) await recordEvent(ctx.db, row.id, 'downloaded', owner, origin, { revision: row.pdf_revision });
  if (inline) {
    // Shown inside our own document view: framing by our own pages only.
    reply.header('content-security-policy', "frame-ancestors 'self'");
    reply.header('x-frame-options', 'SAMEORIGIN');
  }
  return reply
    .type('application/pdf')
    .header('content-length', row.pdf_size)
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${row.pdf_sha256}"`)
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', `document-${row.id}.pdf`),
    )
    .send(stream);
}

export async function documentAudit(ctx: AppContext, ownerId: string, id: string): Promise<AuditEvent[]> {
  const row = await requireDocument(ctx, ownerId, id);
  return (await eventsOf(ctx.db, row.id)).map(presentEvent);
}

/**
 * Whether a PDF's SHA-256 is one we issued. Anyone signed in may ask about a file they hold; only the
 * document's owner learns its internal id and title, others the number printed on it.
 */
export async function verifyPdf(ctx: AppContext, userId: string, body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the PDF file itself as the body (Content-Type: application/pdf)',
    );
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PDF');
  const sha256 = sha256Of(body);
  const found = await findIssuedFile(ctx.db, sha256);
  if (!found) return { issued: false, sha256, document: null };
  const mine = found.owner_id === userId;
  return {
    issued: true,
    sha256,
    document: {
      documentId: found.document_number,
      _id: mine ? found.document_id : null,
      revision: found.revision,
      kind: found.kind as 'draft' | 'final',
      issuedAt: found.created_at,
    },
  };
}
