// How many signing mails an owner may have sent (issue #31): each goes to an address the owner typed, with a
// title and names the owner chose, so a document cannot be used to flood a stranger. Per document, an address
// gets at most SIGNING_MAILS_PER_ADDRESS a day; a sender sends at most SIGNING_MAILS_PER_SENDER a day. The
// counts live in the mail budget's table (address_mail_log: only SHA-256s, a day), so a deleted document or
// account does not reset them. The places are reserved before any link is replaced, under the sender's lock
// (platform/security/attempt-lock.ts), so a burst of resends sends at most the budget and a refused one changes nothing.

import type { AppContext } from '../../platform/context.ts';
import { rateLimited } from '../../platform/errors.ts';
import { newId, nowIso, sha256 } from '../../platform/ids.ts';
import { withKeyLock } from '../../platform/security/attempt-lock.ts';
import { addressMailRows, logAddressMails, pruneAddressMails, unlogAddressMails } from '../auth/public.ts';

export const SIGNING_MAILS_PER_ADDRESS = 3;
export const SIGNING_MAILS_PER_SENDER = 100;
const DAY_MS = 24 * 3600 * 1000;

const SENDER_KIND = 'document_signing_sent';
const addressKind = (documentId: string) => `document_signing:${documentId}`;
/** The sender's count is kept under a hash of their id, beside the addresses' (no address is a user id). */
const senderHash = (userId: string) => sha256(`sender:${userId}`);

const retryAfter = (rows: { created_at: string }[], index: number, nowMs: number) =>
  (Date.parse(rows[index]!.created_at) + DAY_MS - nowMs) / 1000;

/** Reserved places: given back when the send does not happen after all. */
export interface SigningMailPlaces {
  giveBack(): Promise<void>;
}

/**
 * Takes one place per recipient (emails as the signers hold them) for the document, and as many of the
 * sender's; 429 naming the first address or the sender's budget that is full, and when a place frees up.
 */
export async function reserveSigningMails(
  ctx: AppContext,
  senderId: string,
  documentId: string,
  recipients: string[],
): Promise<SigningMailPlaces> {
  const ids: string[] = [];
  if (recipients.length === 0) return { async giveBack() {} };
  await withKeyLock(ctx, `signing-mail:${senderId}`, async (trx) => {
    const nowMs = Date.now();
    const since = new Date(nowMs - DAY_MS).toISOString();
    const sent = await addressMailRows(
      trx,
      senderHash(senderId),
      SENDER_KIND,
      since,
      SIGNING_MAILS_PER_SENDER,
    );
    const room = SIGNING_MAILS_PER_SENDER - sent.length;
    if (room < recipients.length)
      throw rateLimited(
        // The place that frees up enough of them: the (needed - room)th oldest leaving the window.
        retryAfter(sent, Math.min(sent.length - 1, recipients.length - room - 1), nowMs),
        `You can send at most ${SIGNING_MAILS_PER_SENDER} signing emails a day.`,
      );
    for (const to of recipients) {
      const rows = await addressMailRows(
        trx,
        sha256(to),
        addressKind(documentId),
        since,
        SIGNING_MAILS_PER_ADDRESS,
      );
      if (rows.length >= SIGNING_MAILS_PER_ADDRESS)
        throw rateLimited(
          retryAfter(rows, 0, nowMs),
          `${to} has been sent the signing link for this document ${SIGNING_MAILS_PER_ADDRESS} times today.`,
        );
    }
    const now = nowIso();
    const rows = recipients.flatMap((to) => {
      const pair = [
        { id: newId(), address_hash: sha256(to), kind: addressKind(documentId), created_at: now },
        { id: newId(), address_hash: senderHash(senderId), kind: SENDER_KIND, created_at: now },
      ];
      ids.push(pair[0]!.id, pair[1]!.id);
      return pair;
    });
    await logAddressMails(trx, rows);
    await pruneAddressMails(trx, since);
  });
  return {
    async giveBack() {
      await unlogAddressMails(ctx.db, ids);
    },
  };
}
