// Guest comments are limited per share link and address (issue #31): at most 20 an hour, the 21st a 429 with
// Retry-After that stores nothing and tells no one. The try is reserved before the comment is written
// (platform/security/attempt-lock.ts): the count and the row that records it run under a lock on the link and address,
// so a burst cannot pass between them; a comment refused for what it says gives its try back. The address is
// kept only as an HMAC with the server's secret, and only for the hour it counts (issue #15: no address past
// a day).
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { reserveTry } from '../../platform/security/attempt-lock.ts';

export const GUEST_COMMENTS_MAX = 20;
const WINDOW_MS = 3600 * 1000;
export const TOO_MANY_GUEST_COMMENTS = `Too many comments through this link from your network (at most ${GUEST_COMMENTS_MAX} an hour).`;

const addressHash = (ctx: AppContext, ip: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`guest-comment:${ip}`).digest('base64url');

/** Runs `post` (the comment's write) once a try is reserved for the link and address, or throws the 429. */
export async function withinGuestCommentLimit<T>(
  ctx: AppContext,
  linkId: string,
  ip: string,
  post: () => Promise<T>,
): Promise<T> {
  const id = newId();
  const hash = addressHash(ctx, ip);
  await reserveTry(
    ctx,
    `guest-comment:${linkId}:${hash}`,
    [
      {
        max: GUEST_COMMENTS_MAX,
        windowMs: WINDOW_MS,
        what: TOO_MANY_GUEST_COMMENTS,
        rows: (db, since) =>
          db
            .selectFrom('guest_comment_log')
            .select('created_at')
            .where('link_id', '=', linkId)
            .where('address_hash', '=', hash)
            .where('created_at', '>', since)
            .orderBy('created_at', 'asc')
            .limit(GUEST_COMMENTS_MAX)
            .execute(),
      },
    ],
    async (trx) => {
      await trx
        .insertInto('guest_comment_log')
        .values({ id, link_id: linkId, address_hash: hash, created_at: nowIso() })
        .execute();
      await trx
        .deleteFrom('guest_comment_log')
        .where('created_at', '<', new Date(Date.now() - WINDOW_MS).toISOString())
        .execute();
    },
  );
  try {
    return await post();
  } catch (err) {
    await ctx.db.deleteFrom('guest_comment_log').where('id', '=', id).execute();
    throw err;
  }
}
