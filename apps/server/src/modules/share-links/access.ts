// Who may open a share link: whoever holds its token (256 random bits, found by its SHA-256), while the link
// is neither revoked nor expired, and, for a link with a password, once unlocked. Unlocking sets a short-lived
// cookie for that link only (its path is the link's own), signed with the server's secret and the link's
// password hash. Unknown tokens and wrong passwords are counted per address in the database, so guessing is
// throttled on every instance at once; those rows go after a day.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHARE_PAGE_PATH } from '@mixdesk/contract/share-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { isHttps } from '../../platform/cookies.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import type { ShareLinksTable } from './tables.ts';

export type ShareLinkRow = Selectable<ShareLinksTable>;

export const LINK_GONE = 'This share link is invalid or has expired';
export const PASSWORD_NEEDED = 'This link is protected by a password. Enter it to listen.';
export const WRONG_PASSWORD = 'Wrong password';

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

/** Failures matching `where` since the window began: the count (up to `max`) and the oldest one's time. */
async function recentFailures(
  ctx: AppContext,
  where: { ip?: string; linkId: string | null },
  max: number,
): Promise<{ count: number; oldest: string | undefined }> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS).toISOString();
  let query = ctx.db
    .selectFrom('share_failures')
    .select('created_at')
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(max);
  query =
    where.linkId === null ? query.where('link_id', 'is', null) : query.where('link_id', '=', where.linkId);
  if (where.ip !== undefined) query = query.where('ip', '=', where.ip);
  const rows = await query.execute();
  return { count: rows.length, oldest: rows[0]?.created_at };
}

async function assertUnder(
  ctx: AppContext,
  where: { ip?: string; linkId: string | null },
  max: number,
  what: string,
): Promise<void> {
  const { count, oldest } = await recentFailures(ctx, where, max);
  if (count < max || !oldest) return;
  throw rateLimited((Date.parse(oldest) + FAILURE_WINDOW_MS - Date.now()) / 1000, what);
}

async function recordFailure(ctx: AppContext, ip: string, linkId: string | null): Promise<void> {
  await ctx.db
    .insertInto('share_failures')
    .values({ id: newId(), ip, link_id: linkId, created_at: nowIso() })
    .execute();
  // Addresses are not kept past a day (issue #15): whoever records a failure clears the old ones.
  const old = new Date(Date.now() - FAILURES_KEPT_MS).toISOString();
  await ctx.db.deleteFrom('share_failures').where('created_at', '<', old).execute();
}

/**
 * The link a token names while it is live; otherwise 404 with one message for every reason (unknown, revoked,
 * expired), and the failure is counted against the address.
 */
export async function requireLiveLink(ctx: AppContext, token: string, ip: string): Promise<ShareLinkRow> {
  await assertUnder(
    ctx,
    { ip, linkId: null },
    UNKNOWN_TOKENS_MAX,
    'Too many invalid share links from this address.',
  );
  const link = TOKEN_SHAPE.test(token)
    ? await ctx.db
        .selectFrom('share_links')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!link || !isLive(link)) {
    await recordFailure(ctx, ip, null);
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

/** Refuses an unlock once too many wrong passwords were tried on the link (from here, or from anywhere). */
export async function assertUnlockAllowed(ctx: AppContext, link: ShareLinkRow, ip: string): Promise<void> {
  const what = 'Too many wrong passwords for this link.';
  await assertUnder(ctx, { ip, linkId: link.id }, WRONG_PASSWORDS_MAX, what);
  await assertUnder(ctx, { linkId: link.id }, WRONG_PASSWORDS_ALL_MAX, what);
}

export const recordWrongPassword = (ctx: AppContext, link: ShareLinkRow, ip: string) =>
  recordFailure(ctx, ip, link.id);
