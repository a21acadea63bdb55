// Signing links: 256 random bits, stored as their SHA-256 only, one per signer, valid for SIGNING_LINK_DAYS.
// A link dies when its signer signs or rejects, when the document is voided or edited, or when a new link
// replaces it. Failed look-ups are counted per client address in the database, so guessing is throttled on
// every instance at once.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';

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

async function assertNotThrottled(ctx: AppContext, ip: string): Promise<void> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('signing_link_failures')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(FAILURES_MAX)
    .execute();
  if (rows.length < FAILURES_MAX) return;
  const retryAfter = (Date.parse(rows[0]!.created_at) + FAILURE_WINDOW_MS - Date.now()) / 1000;
  throw rateLimited(retryAfter, 'Too many invalid signing links from this address.');
}

async function recordFailure(ctx: AppContext, ip: string): Promise<void> {
  await ctx.db
    .insertInto('signing_link_failures')
    .values({ id: newId(), ip, created_at: nowIso() })
    .execute();
}

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
 */
export async function requireLiveLink(ctx: AppContext, token: string, ip: string) {
  await assertNotThrottled(ctx, ip);
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
    ['sent', 'viewed', 'signed'].includes(document.status);
  if (!live) {
    await recordFailure(ctx, ip);
    throw linkInvalid();
  }
  return { signer, document };
}

export const linkInvalid = () => new AppError('NOT_FOUND', LINK_INVALID);
