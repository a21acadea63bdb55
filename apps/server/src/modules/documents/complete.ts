// Completing a document once every party has signed: the final PDF carries each signature and a
// certificate page (every audit event, and the SHA-256 of the unsigned document), is sealed with a digital
// signature over the whole file, stored as a new revision, and mailed to every party and the owner.
import { Readable } from 'node:stream';
import { fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { userContact } from '../auth/public.ts';
import { sendCompletedCopy } from './emails.ts';
import { recordEvent } from './events.ts';
import { renderDocumentPdf } from './pdf/render-document.ts';
import type { RenderExtras } from './pdf/render-extras.ts';
import { newPdfKey, rememberIssued, removeObjects, sha256Of } from './pdf-files.ts';
import { presentDocument } from './present.ts';
import type { SignerRow } from './repo.ts';
import { eventsOf, signersOf, updateDocumentRow } from './repo.ts';
import { sealPdf } from './seal/seal-pdf.ts';
import { loadSigningKey } from './seal/signing-key.ts';
import { readPngParts } from './signature-png.ts';
import type { StoredSignature } from './stored.ts';

const FINAL_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Why a completion failed, in words for the document's owner. `lasting`: trying again cannot help (a kept
 * signature that cannot be read); anything else may be passing (storage, database) and is tried again.
 */
export class CompletionFailure extends Error {
  constructor(
    readonly reason: string,
    readonly lasting: boolean,
    options?: { cause: unknown },
  ) {
    super(reason, options);
    this.name = 'CompletionFailure';
  }
}

/** Runs one step of the completion; its failure names the step. */
async function step<T>(what: string, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw cause instanceof CompletionFailure
      ? cause
      : new CompletionFailure(`${what} failed`, false, { cause });
  }
}

function markOf(signer: SignerRow): NonNullable<RenderExtras['signatures']>[number]['mark'] {
  const signature = fromJson<StoredSignature>(signer.signature, { kind: 'typed', value: signer.name });
  if (signature.kind === 'typed') return { kind: 'typed', text: signature.value };
  const png = Buffer.from(signature.value.slice(signature.value.indexOf(',') + 1), 'base64');
  // Signatures are decoded and cleaned when they are accepted; one kept before that was checked (a PNG
  // signature with garbage behind it, a 10000 × 10000 canvas) is refused here from its header alone, before
  // the renderer would inflate it.
  try {
    readPngParts(png);
  } catch (cause) {
    throw new CompletionFailure(`the drawn signature of ${signer.name} cannot be read`, true, { cause });
  }
  return { kind: 'image', png };
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
  const signatures = signers.map((s) => ({ signerId: s.id, signedAt: s.signed_at!, mark: markOf(s) }));
  const rendered = await step('making the final PDF', () =>
    renderDocumentPdf(view, {
      signatures,
      certificate: { unsignedSha256: row.pdf_sha256, completedAt, events },
    }),
  );
  const key = await step('loading the signing key', () =>
    loadSigningKey({
      secrets: ctx.secrets,
      p12Path: ctx.config.signingP12,
      p12Password: ctx.config.signingP12Password,
    }),
  );
  const sealed = await step('sealing the final PDF', () =>
    sealPdf(rendered, key, {
      reason: 'Signed by every party',
      name: 'Mixdesk',
      location: new URL(ctx.config.appUrl).host,
      contactInfo: ctx.config.mailFrom,
      signingTime: new Date(completedAt),
    }),
  );
  const revision = row.pdf_revision + 1;
  // A key of this write's own: a completion racing this one writes elsewhere, and whichever loses below
  // removes only its own object.
  const pdf = {
    key: newPdfKey(documentId, revision),
    size: sealed.length,
    sha256: sha256Of(sealed),
    revision,
  };
  await step('storing the final PDF', () =>
    ctx.storage.put(pdf.key, Readable.from([sealed]), { maxBytes: FINAL_MAX_BYTES }),
  );
  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
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
        completion_error: null,
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
  // A failed save leaves the stored copy to the storage sweeper: a commit whose answer was lost may name it.
  const done = await step('saving the completed document', save);
  if (!done) {
    await removeObjects(ctx, [pdf.key]);
    return;
  }
  const owner = await userContact(ctx.db, row.owner_id).executeTakeFirstOrThrow();
  const ref = { id: documentId, title: row.title, number: row.document_number };
  const recipients = new Map<string, { name: string; email: string; userId: string | null }>();
  for (const s of signers) recipients.set(s.email, { name: s.name, email: s.email, userId: null });
  if (!recipients.has(owner.email))
    recipients.set(owner.email, { name: owner.name, email: owner.email, userId: owner.id });
  for (const to of recipients.values()) await sendCompletedCopy(ctx, to, ref, sealed);
}
