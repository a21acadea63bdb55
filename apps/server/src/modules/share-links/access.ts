// Who may open a share link: whoever holds its token (256 random bits, found by its SHA-256), while the link
// is neither revoked nor expired, and, for a link with a password, once unlocked. Unlocking sets a short-lived
// cookie for that link only (its path is the link's own), signed with the server's secret and the link's
// password hash. Unknown tokens and wrong passwords are counted per address in the database, so guessing is
// throttled on every instance at once; those rows go after a day. A password try is reserved before the
// password is checked (platform/security/attempt-lock.ts), so no burst has more tries checked than the limits allow.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHARE_PAGE_PATH } from '@mixdesk/contract/share-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { assertUnderLimits, reserveTry, type WindowLimit } from '../../platform/security/attempt-lock.ts';
import { isHttps } from '../../platform/security/cookies.ts';
import type { ShareLinksTable } from './tables.ts';

export type ShareLinkRow = Selectable<ShareLinksTable>;

export const LINK_GONE = 'This share link is invalid or has expired';
export const PASSWORD_NEEDED = 'This link is protected by a password. Enter it to listen.';
export const WRONG_PASSWORD = 'Wrong password';
const UNKNOWN_TOKENS = 'Too many invalid share links from this address.';

/** randomToken(32): 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Look-ups of tokens that name no live link, per address and window. */
export const UNKNOWN_TOKENS_MAX = 30;
/** Wrong passwords on one link, per address and window, and from all addresses together. */
export const WRONG_PASSWORDS_MAX = 10;
export const WRONG_PASSWORDS_ALL_MAX = 50;
/** Failures are kept for a window's count, and never past a day. */
const FAILURES_KEPT_MS = 24 * 3600 * 1000;

export const UNLOCK_COOKIE = 'mixdesk_share';
export const UNLOCK_TTL_SECONDS = 4 * 3600;

export function newShareToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256(token) };
}

export const shareUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}${SHARE_PAGE_PATH}${token}`;
const sharePath = (token: string) => `/api/share/${token}`;

export const linkGone = () => new AppError('NOT_FOUND', LINK_GONE);

export function isLive(link: Pick<ShareLinkRow, 'revoked_at' | 'expires_at'>, nowMs = Date.now()): boolean {
  return link.revoked_at === null && (link.expires_at === null || Date.parse(link.expires_at) > nowMs);
}

/** The window's failures matching `where`, oldest first, at most `max`. */
const failuresWhere =
  (where: { ip?: string; linkId: string | null }, max: number) => (db: Kysely<DB>, since: string) =>
    db
      .selectFrom('share_failures')
      .select('created_at')
      .where('created_at', '>', since)
      .$if(where.linkId === null, (q) => q.where('link_id', 'is', null))
      .$if(where.linkId !== null, (q) => q.where('link_id', '=', where.linkId!))
      .$if(where.ip !== undefined, (q) => q.where('ip', '=', where.ip!))
      .orderBy('created_at', 'asc')
      .limit(max)
      .execute();

const limit = (where: { ip?: string; linkId: string | null }, max: number, what: string): WindowLimit => ({
  max,
  windowMs: FAILURE_WINDOW_MS,
  what,
  rows: failuresWhere(where, max),
});

/** Writes a failure row (under the caller's lock) and clears the ones past a day (issue #15). */
async function insertFailure(db: Kysely<DB>, id: string, ip: string, linkId: string | null): Promise<void> {
  await db.insertInto('share_failures').values({ id, ip, link_id: linkId, created_at: nowIso() }).execute();
  const old = new Date(Date.now() - FAILURES_KEPT_MS).toISOString();
  await db.deleteFrom('share_failures').where('created_at', '<', old).execute();
}

/**
 * The link a token names while it is live; otherwise 404 with one message for every reason (unknown, revoked,
 * expired), and the failure is counted against the address.
 */
export async function requireLiveLink(ctx: AppContext, token: string, ip: string): Promise<ShareLinkRow> {
  const unknownTokens = limit({ ip, linkId: null }, UNKNOWN_TOKENS_MAX, UNKNOWN_TOKENS);
  await assertUnderLimits(ctx.db, [unknownTokens]);
  const link = TOKEN_SHAPE.test(token)
    ? await ctx.db
        .selectFrom('share_links')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!link || !isLive(link)) {
    // Counted under the address's lock: of a burst of unknown tokens, at most the limit are answered 404 (a
    // look-up of a live link, which is most of them, writes nothing).
    await reserveTry(ctx, `share-token:${ip}`, [unknownTokens], (trx) =>
      insertFailure(trx, newId(), ip, null),
    );
    throw linkGone();
  }
  return link;
}

const cookieSignature = (ctx: AppContext, link: ShareLinkRow, expiresMs: number) =>
  createHmac('sha256', ctx.config.jwtSecret)
    .update(`share:${link.id}:${expiresMs}:${link.password_hash ?? ''}`)
    .digest('base64url');

/** Whether the request may see the link: no password, or this link's unexpired unlock cookie. */
export function isUnlocked(ctx: AppContext, request: FastifyRequest, link: ShareLinkRow): boolean {
  if (link.password_hash === null) return true;
  const cookie = request.cookies[UNLOCK_COOKIE];
  if (!cookie) return false;
  const [expires, signature, extra] = cookie.split('.');
  const expiresMs = Number(expires);
  if (!signature || extra !== undefined || !Number.isSafeInteger(expiresMs) || expiresMs <= Date.now())
    return false;
  const expected = Buffer.from(cookieSignature(ctx, link, expiresMs));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function setUnlockCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  link: ShareLinkRow,
): void {
  const expiresMs = Date.now() + UNLOCK_TTL_SECONDS * 1000;
  reply.setCookie(UNLOCK_COOKIE, `${expiresMs}.${cookieSignature(ctx, link, expiresMs)}`, {
    httpOnly: true,
    secure: isHttps(ctx.config.appUrl),
    sameSite: 'lax',
    path: sharePath(token),
    maxAge: UNLOCK_TTL_SECONDS,
  });
}

/** The live link of a token that the request may see: 404 when gone, 401 while its password is needed. */
export async function requireOpenLink(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<ShareLinkRow> {
  const link = await requireLiveLink(ctx, token, request.ip);
  if (!isUnlocked(ctx, request, link)) throw new AppError('UNAUTHORIZED', PASSWORD_NEEDED);
  return link;
}

const WRONG_PASSWORDS = 'Too many wrong passwords for this link.';

/**
 * Reserves a password try on the link, from this address and from anywhere (a wrong password row written
 * under the link's lock before the password is checked), or throws 429. `giveBack` for a right password.
 */
export async function reservePasswordTry(
  ctx: AppContext,
  link: ShareLinkRow,
  ip: string,
): Promise<{ giveBack: () => Promise<void> }> {
  const id = newId();
  await reserveTry(
    ctx,
    `share-password:${link.id}`,
    [
      limit({ ip, linkId: link.id }, WRONG_PASSWORDS_MAX, WRONG_PASSWORDS),
      limit({ linkId: link.id }, WRONG_PASSWORDS_ALL_MAX, WRONG_PASSWORDS),
    ],
    (trx) => insertFailure(trx, id, ip, link.id),
  );
  return {
    async giveBack() {
      await ctx.db.deleteFrom('share_failures').where('id', '=', id).execute();
    },
  };
}
