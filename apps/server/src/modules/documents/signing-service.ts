// What the holder of a signing link may do (GET/POST /api/sign/:token): read the document, sign it once
// (typed or drawn, with consent), or decline. Every step is an audit event with their address and browser.
import { isOutForSigning } from '@mixdesk/contract/document-status';
import { decodePngDataUrl, type SigningView, type SignWithLinkSchema } from '@mixdesk/contract/signing';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import { userContact } from '../auth/public.ts';
import { completeOrExplain } from './complete-or-explain.ts';
import { sendDeclinedNotice } from './emails.ts';
import { type RequestOrigin, recordEvent } from './events.ts';
import { presentDocument } from './present.ts';
import { findDocument, signersOf, updateDocumentRow } from './repo.ts';
import { issueLinks, mailLinks, nextSigners } from './send.ts';
import { cleanSignaturePng } from './signature-png.ts';
import { findSignerByHash, linkInvalid, requireLiveLink } from './signing-links.ts';

const ownerOf = (ctx: AppContext, ownerId: string) => userContact(ctx.db, ownerId).executeTakeFirstOrThrow();

/** GET /api/sign/:token: the document as its signer sees it; the first opening records 'viewed'. */
export async function openSigning(
  ctx: AppContext,
  token: string,
  origin: RequestOrigin,
): Promise<SigningView> {
  const { signer, document } = await requireLiveLink(ctx, token, origin.ip ?? '');
  if (!signer.viewed_at) {
    const now = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('document_signers')
        .set({ viewed_at: now, status: 'viewed' })
        .where('id', '=', signer.id)
        .where('viewed_at', 'is', null)
        .execute();
      if (document.status === 'sent')
        await trx
          .updateTable('documents')
          .set({ status: 'viewed', updated_at: now })
          .where('id', '=', document.id)
          .where('status', '=', 'sent')
          .execute();
      await recordEvent(trx, document.id, 'viewed', signer, origin, { signer: signer.id }, now);
    });
  }
  const row = await ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', document.id)
    .executeTakeFirstOrThrow();
  const {
    pdf: _,
    signatures: __,
    projectId: ___,
    project: ____,
    completionError: _____,
    ...view
  } = presentDocument(row, await signersOf(ctx.db, [row.id]));
  const owner = await ownerOf(ctx, row.owner_id);
  return {
    document: view,
    signer: { _id: signer.id, name: signer.name, email: signer.email, role: signer.role },
    from: { name: owner.name, email: owner.email },
    expiresAt: signer.token_expires_at!,
  };
}

/** The PDF as it stands, for the signing page. */
export async function signingPdf(ctx: AppContext, token: string, ip: string) {
  const { document } = await requireLiveLink(ctx, token, ip);
  return document;
}

/**
 * What is kept of a signature: a typed one as given; a drawing decoded and encoded again (signature-png.ts),
 * or a 400 when it is too large to decode or cannot be decoded. The schema let only PNG data URLs through.
 */
async function keptSignature(signature: z.output<typeof SignWithLinkSchema>['signature']) {
  if (signature.kind === 'typed') return signature;
  const clean = await cleanSignaturePng(Buffer.from(decodePngDataUrl(signature.value)!));
  return { kind: 'drawn' as const, value: `data:image/png;base64,${clean.toString('base64')}` };
}

/**
 * POST /api/sign/:token: records the signature and kills the link. When it was the last signature the
 * document is completed (final PDF sealed and mailed); in sequential order the next signer gets a link.
 */
export async function signWithLink(
  ctx: AppContext,
  token: string,
  input: z.output<typeof SignWithLinkSchema>,
  origin: RequestOrigin,
): Promise<{ status: string }> {
  const { signer, document } = await requireLiveLink(ctx, token, origin.ip ?? '');
  // Before the transaction: decoding holds no lock, and a refused drawing leaves nothing behind.
  const signature = await keptSignature(input.signature);
  const pg = ctx.dialect === 'postgres';
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    // Locked and read again: two requests with one link sign once.
    const current = await findSignerByHash(trx, signer.token_hash!, pg);
    const doc = await findDocument(trx, document.owner_id, document.id, pg);
    if (!current || current.signed_at || current.rejected_at || !doc || !isOutForSigning(doc.status))
      throw linkInvalid();
    const now = nowIso();
    await trx
      .updateTable('document_signers')
      .set({
        signed_at: now,
        status: 'signed',
        signature: JSON.stringify(signature),
        token_hash: null,
        token_expires_at: null,
        viewed_at: current.viewed_at ?? now,
      })
      .where('id', '=', current.id)
      .execute();
    await recordEvent(
      trx,
      doc.id,
      'signed',
      current,
      origin,
      { signer: current.id, kind: input.signature.kind },
      now,
    );
    const signers = await signersOf(trx, [doc.id]);
    const allSigned = signers.every((s) => s.signed_at);
    await updateDocumentRow(trx, doc.id, { status: 'signed', updated_at: now });
    const links =
      allSigned || doc.signing_order !== 'sequential'
        ? []
        : await issueLinks(ctx, trx, nextSigners(signers, 'sequential'));
    return { doc, allSigned, links };
  });
  if (outcome.links.length) {
    const owner = await ownerOf(ctx, outcome.doc.owner_id);
    await mailLinks(ctx, owner, outcome.doc, outcome.links);
  }
  if (!outcome.allSigned) return { status: 'signed' };
  // When it fails the signature stays recorded and the owner is shown why; their resend tries again.
  const failure = await completeOrExplain(ctx, outcome.doc.id);
  return { status: failure ? 'signed' : 'completed' };
}

/** POST /api/sign/:token/reject: the party declines; the document is rejected and every link dies. */
export async function rejectWithLink(ctx: AppContext, token: string, reason: string, origin: RequestOrigin) {
  const { signer, document } = await requireLiveLink(ctx, token, origin.ip ?? '');
  const pg = ctx.dialect === 'postgres';
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findSignerByHash(trx, signer.token_hash!, pg);
    const doc = await findDocument(trx, document.owner_id, document.id, pg);
    if (!current || !doc || current.signed_at || current.rejected_at) throw linkInvalid();
    if (!isOutForSigning(doc.status)) throw conflict('This document can no longer be declined');
    const now = nowIso();
    await trx
      .updateTable('document_signers')
      .set({ rejected_at: now, status: 'rejected', reject_reason: reason })
      .where('id', '=', current.id)
      .execute();
    await trx
      .updateTable('document_signers')
      .set({ token_hash: null, token_expires_at: null })
      .where('document_id', '=', doc.id)
      .execute();
    await updateDocumentRow(trx, doc.id, { status: 'rejected', updated_at: now });
    await recordEvent(trx, doc.id, 'rejected', current, origin, { signer: current.id, reason }, now);
  });
  const owner = await ownerOf(ctx, document.owner_id);
  await sendDeclinedNotice(
    ctx,
    owner,
    signer,
    { title: document.title, number: document.document_number },
    reason,
  );
}
