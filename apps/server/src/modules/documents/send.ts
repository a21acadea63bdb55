// Sending a document out for signature, a signing link for a signed-in party, and invoices being paid.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { canMarkPaidStatus, isOutForSigning } from '@mixdesk/contract/document-status';
import type { SigningOrder } from '@mixdesk/contract/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import { completeOrExplain } from './complete-or-explain.ts';
import { sendSigningRequest } from './emails.ts';
import { type Actor, type RequestOrigin, recordEvent } from './events.ts';
import { presentDocument } from './present.ts';
import { type DocumentRow, findDocument, type SignerRow, signersOf, updateDocumentRow } from './repo.ts';
import { requireDocument } from './service.ts';
import { newLink, signingUrl } from './signing-links.ts';
import { reserveSigningMails } from './signing-mail-budget.ts';

const NOT_SENDABLE: Record<string, string> = {
  voided: 'This document is void and cannot be sent',
  rejected: 'This document was declined; edit it to send it again',
  completed: 'Everyone has signed this document already',
  paid: 'This invoice is paid already',
};

/** The signers who get a link now: every unsigned one, or in sequential order only the next. */
export function nextSigners(signers: SignerRow[], order: string): SignerRow[] {
  const waiting = signers.filter((s) => !s.signed_at && !s.rejected_at);
  return order === 'sequential' ? waiting.slice(0, 1) : waiting;
}

export interface IssuedLink {
  signer: SignerRow;
  token: string;
  expiresAt: string;
}

/** New links for these signers (any older link of theirs dies), inside the caller's transaction. */
export async function issueLinks(
  ctx: AppContext,
  db: Kysely<DB>,
  signers: SignerRow[],
): Promise<IssuedLink[]> {
  const issued: IssuedLink[] = [];
  for (const signer of signers) {
    const link = newLink(ctx);
    await db
      .updateTable('document_signers')
      .set({
        token_hash: link.hash,
        token_expires_at: link.expiresAt,
        status: signer.status === 'pending' ? 'sent' : signer.status,
      })
      .where('id', '=', signer.id)
      .execute();
    issued.push({ signer, token: link.token, expiresAt: link.expiresAt });
  }
  return issued;
}

export async function mailLinks(ctx: AppContext, from: Actor, doc: DocumentRow, links: IssuedLink[]) {
  for (const l of links)
    await sendSigningRequest(
      ctx,
      l.signer,
      from,
      { title: doc.title, number: doc.document_number },
      signingUrl(ctx, l.token),
      l.expiresAt,
    );
}

/** POST /api/documents/:id/send: emails each party its own link; sent again, it replaces the old links. */
export async function sendDocument(
  ctx: AppContext,
  owner: { id: string } & Actor,
  id: string,
  order: SigningOrder,
  origin: RequestOrigin,
): Promise<DocumentView> {
  const existing = await requireDocument(ctx, owner.id, id);
  const everyoneSigned = (await signersOf(ctx.db, [existing.id])).every((s) => s.signed_at);
  if (existing.status === 'signed' && everyoneSigned) {
    // Completion failed when the last party signed: there is nobody to send to, so try to finish it. When
    // it fails again the owner is told why (kept on the document too), and may void it.
    const failure = await completeOrExplain(ctx, existing.id);
    if (failure) throw conflict(failure);
    return presentDocument(await requireDocument(ctx, owner.id, id), await signersOf(ctx.db, [existing.id]));
  }
  // The mails' places are taken first: a send past the budget replaces no link and mails no one.
  const waiting = nextSigners(await signersOf(ctx.db, [existing.id]), order);
  const places = NOT_SENDABLE[existing.status]
    ? undefined
    : await reserveSigningMails(
        ctx,
        owner.id,
        existing.id,
        waiting.map((s) => s.email),
      );
  const { row, links } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const current = await findDocument(trx, owner.id, existing.id, ctx.dialect === 'postgres');
      if (!current) throw notFound('Document');
      const refusal = NOT_SENDABLE[current.status];
      if (refusal) throw conflict(refusal);
      const signers = await signersOf(trx, [current.id]);
      const anySigned = signers.some((s) => s.signed_at);
      if (anySigned && order !== current.signing_order)
        throw conflict("The signing order can't change once someone has signed");
      // Everyone not yet signed loses their old link; those whose turn it is get a new one.
      await trx
        .updateTable('document_signers')
        .set({ token_hash: null, token_expires_at: null })
        .where('document_id', '=', current.id)
        .where('signed_at', 'is', null)
        .execute();
      const links = await issueLinks(ctx, trx, nextSigners(signers, order));
      const now = nowIso();
      const status = current.status === 'generated' ? 'sent' : current.status;
      await updateDocumentRow(trx, current.id, {
        status,
        signing_order: order,
        sent_at: now,
        updated_at: now,
      });
      await recordEvent(
        trx,
        current.id,
        'sent',
        owner,
        origin,
        { to: links.map((l) => l.signer.email), order },
        now,
      );
      return { row: { ...current, status, signing_order: order, sent_at: now, updated_at: now }, links };
    })
    .catch(async (err: unknown) => {
      await places?.giveBack();
      throw err;
    });
  await mailLinks(ctx, owner, row, links);
  return presentDocument(row, await signersOf(ctx.db, [row.id]));
}

/**
 * POST /api/documents/:id/sign-link: the signing page for the signed-in user when their email is one of
 * the parties still to sign (and, in sequential order, it is their turn). Their emailed link is replaced.
 */
export async function signLinkForUser(
  ctx: AppContext,
  user: { id: string; email: string },
  id: string,
): Promise<{ url: string }> {
  const existing = await requireDocument(ctx, user.id, id);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findDocument(trx, user.id, existing.id, ctx.dialect === 'postgres');
    if (!current) throw notFound('Document');
    if (!isOutForSigning(current.status))
      throw conflict('This document is not out for signature; send it first');
    const signers = await signersOf(trx, [current.id]);
    const mine = signers.find((s) => s.email === user.email.toLowerCase() && !s.signed_at && !s.rejected_at);
    if (!mine)
      throw new AppError(
        'FORBIDDEN',
        'You are not a party still to sign this document; you can resend the links instead',
      );
    if (!nextSigners(signers, current.signing_order).some((s) => s.id === mine.id))
      throw conflict('It is not your turn to sign yet: the parties before you sign first');
    const [link] = await issueLinks(ctx, trx, [mine]);
    return { url: `/sign/${link!.token}` };
  });
}

/** POST /api/documents/:id/mark-paid: an invoice that went out moves to paid on the given date. */
export async function markPaid(
  ctx: AppContext,
  owner: { id: string } & Actor,
  id: string,
  paidAt: string,
  origin: RequestOrigin,
): Promise<DocumentView> {
  const existing = await requireDocument(ctx, owner.id, id);
  if (existing.document_type !== 'invoice') throw conflict('Only an invoice can be marked as paid');
  // 'Today' anywhere on Earth (UTC+14 is the furthest ahead): a payment made today is never refused.
  if (paidAt > new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10))
    throw new AppError('VALIDATION_ERROR', "Payment date can't be in the future", [
      { path: 'paidAt', message: "Payment date can't be in the future" },
    ]);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findDocument(trx, owner.id, existing.id, ctx.dialect === 'postgres');
    if (!current) throw notFound('Document');
    if (current.status === 'paid') throw conflict('This invoice is paid already');
    if (!canMarkPaidStatus(current.status, current.document_type))
      throw conflict('Send the invoice before marking it as paid');
    const now = nowIso();
    await updateDocumentRow(trx, current.id, { status: 'paid', paid_at: paidAt, updated_at: now });
    await recordEvent(trx, current.id, 'paid', owner, origin, { paidAt }, now);
    const signers = await signersOf(trx, [current.id]);
    return presentDocument({ ...current, status: 'paid', paid_at: paidAt, updated_at: now }, signers);
  });
}
