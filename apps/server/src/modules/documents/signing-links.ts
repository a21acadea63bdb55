// Signing links: 256 random bits, stored as their SHA-256 only, one per signer, valid for SIGNING_LINK_DAYS.
// A link dies when its signer signs or rejects, when the document is voided or edited, or when a new link
// replaces it. Failed look-ups are counted per client address in the database, so guessing is throttled on
// every instance at once; each look-up is reserved before it is made (platform/security/attempt-lock.ts).
import { isOutForSigning } from '@mixdesk/contract/document-status';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { reserveTry, type WindowLimit } from '../../platform/security/attempt-lock.ts';
import { documentGone, isWithdrawnLink } from './withdrawn-links.ts';

export const LINK_INVALID = 'This signing link is invalid or has expired';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const FAILURES_MAX = 20;

export function newLink(ctx: AppContext): { token: string; hash: string; expiresAt: string } {
  const token = randomToken(32);
  const days = ctx.config.signingLinkDays ?? 30;
  return { token, hash: sha256(token), expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() };
}

export const signingUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/sign/${token}`;

const failuresLimit = (ip: string): WindowLimit => ({
  max: FAILURES_MAX,
  windowMs: FAILURE_WINDOW_MS,
  what: 'Too many invalid signing links from this address.',
  rows: (db, since) =>
    db
      .selectFrom('signing_link_failures')
      .select('created_at')
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .limit(FAILURES_MAX)
      .execute(),
});

export function findSignerByHash(db: Kysely<DB>, hash: string, lock = false) {
  return db
    .selectFrom('document_signers')
    .selectAll()
    .where('token_hash', '=', hash)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * The signer a link belongs to, while it is live; otherwise 404 with one message for every reason (unknown,
 * used, expired, another party's document void or rejected), and the failure is counted against the address.
 * A live link of a document deleted with its sender's account is told so instead, and not counted.
 */
export async function requireLiveLink(ctx: AppContext, token: string, ip: string) {
  // A look-up is counted as a failure before it is made (under the address's lock), and given back when the
  // link is live: of a burst of guesses, at most FAILURES_MAX are looked up.
  const failureId = newId();
  await reserveTry(ctx, `signing-link:${ip}`, [failuresLimit(ip)], (trx) =>
    trx.insertInto('signing_link_failures').values({ id: failureId, ip, created_at: nowIso() }).execute(),
  );
  const signer = TOKEN_SHAPE.test(token) ? await findSignerByHash(ctx.db, sha256(token)) : undefined;
  const document = signer
    ? await ctx.db.selectFrom('documents').selectAll().where('id', '=', signer.document_id).executeTakeFirst()
    : undefined;
  const live =
    signer &&
    document &&
    signer.token_expires_at !== null &&
    signer.token_expires_at > nowIso() &&
    !signer.signed_at &&
    !signer.rejected_at &&
    isOutForSigning(document.status);
  // A link of a document deleted with its sender's account is no guess: the try is given back, and the party
  // is told the document is gone (withdrawn-links.ts).
  const gone = !live && !signer && TOKEN_SHAPE.test(token) && (await isWithdrawnLink(ctx.db, sha256(token)));
  if (!live && !gone) throw linkInvalid();
  await ctx.db.deleteFrom('signing_link_failures').where('id', '=', failureId).execute();
  if (!live) throw documentGone();
  return { signer, document };
}

export const linkInvalid = () => new AppError('NOT_FOUND', LINK_INVALID);
