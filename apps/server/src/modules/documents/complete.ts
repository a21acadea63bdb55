// Completing a document once every party has signed: the final PDF carries each signature and a
// certificate page (every audit event, and the SHA-256 of the unsigned document), is sealed with a digital
// signature over the whole file, stored as a new revision, and mailed to every party and the owner.
import { Readable } from 'node:stream';
import { fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { sendCompletedCopy } from './emails.ts';
import { recordEvent } from './events.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';
import type { RenderExtras } from './pdf/render-extras.ts';
import { newPdfKey, rememberIssued, removeObjects, sha256Of } from './pdf-files.ts';
import { presentDocument } from './present.ts';
import { eventsOf, signersOf, updateDocumentRow } from './repo.ts';
import { sealPdf } from './seal/seal-pdf.ts';
import { loadSigningKey } from './seal/signing-key.ts';
import type { StoredSignature } from './stored.ts';

const FINAL_MAX_BYTES = 64 * 1024 * 1024;

function markOf(signature: StoredSignature): NonNullable<RenderExtras['signatures']>[number]['mark'] {
  if (signature.kind === 'typed') return { kind: 'typed', text: signature.value };
  return {
    kind: 'image',
    png: Buffer.from(signature.value.slice(signature.value.indexOf(',') + 1), 'base64'),
  };
}

export async function completeDocument(ctx: AppContext, documentId: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const signers = await signersOf(ctx.db, [documentId]);
  if (row.status !== 'signed' || !signers.every((s) => s.signed_at)) return;
  const completedAt = nowIso();
  const events = (await eventsOf(ctx.db, documentId)).map((e) => ({
    type: e.type,
    at: e.created_at,
    actor: e.actor_email ? `${e.actor_name ?? ''} <${e.actor_email}>` : null,
    ip: e.ip,
    userAgent: e.user_agent,
  }));
  events.push({ type: 'completed', at: completedAt, actor: null, ip: null, userAgent: null });
  const view = presentDocument(row, signers);
  const rendered = await renderDocumentPdf(view, {
    signatures: signers.map((s) => ({
      signerId: s.id,
      signedAt: s.signed_at!,
      mark: markOf(fromJson<StoredSignature>(s.signature, { kind: 'typed', value: s.name })),
    })),
    certificate: { unsignedSha256: row.pdf_sha256, completedAt, events },
  });
  const key = await loadSigningKey({
    secrets: ctx.secrets,
    p12Path: ctx.config.signingP12,
    p12Password: ctx.config.signingP12Password,
  });
  const sealed = await sealPdf(rendered, key, {
    reason: 'Signed by every party',
    name: 'Mixdesk',
    location: new URL(ctx.config.appUrl).host,
    contactInfo: ctx.config.mailFrom,
    signingTime: new Date(completedAt),
  });
  const revision = row.pdf_revision + 1;
  // A key of this write's own: a completion racing this one writes elsewhere, and whichever loses below
  // removes only its own object.
  const pdf = {
    key: newPdfKey(documentId, revision),
    size: sealed.length,
    sha256: sha256Of(sealed),
    revision,
  };
  await ctx.storage.put(pdf.key, Readable.from([sealed]), { maxBytes: FINAL_MAX_BYTES });
  const done = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('documents')
      .select(['status', 'pdf_revision'])
      .where('id', '=', documentId)
      .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    // Another request completed it meanwhile: keep theirs.
    if (current?.status !== 'signed' || current.pdf_revision !== row.pdf_revision) return false;
    await updateDocumentRow(trx, documentId, {
      status: 'completed',
      completed_at: completedAt,
      unsigned_sha256: row.pdf_sha256,
      pdf_key: pdf.key,
      pdf_size: pdf.size,
      pdf_sha256: pdf.sha256,
      pdf_revision: revision,
      updated_at: completedAt,
    });
    await rememberIssued(trx, documentId, pdf, 'final');
    await recordEvent(
      trx,
      documentId,
      'completed',
      null,
      { ip: null, userAgent: null },
      { sha256: pdf.sha256 },
      completedAt,
    );
    return true;
  });
  if (!done) {
    await removeObjects(ctx, [pdf.key]);
    return;
  }
  const owner = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', row.owner_id)
    .executeTakeFirstOrThrow();
  const ref = { id: documentId, title: row.title, number: row.document_number };
  const recipients = new Map<string, { name: string; email: string; userId: string | null }>();
  for (const s of signers) recipients.set(s.email, { name: s.name, email: s.email, userId: null });
  if (!recipients.has(owner.email))
    recipients.set(owner.email, { name: owner.name, email: owner.email, userId: owner.id });
  for (const to of recipients.values()) await sendCompletedCopy(ctx, to, ref, sealed);
}
