// What request authentication reads of this area (handed over at start as ctx.personalTokens, platform/area.ts):
// a token by its hash with its user, looked up afresh on every request, so a revoke or an expiry holds at once
// on every instance; and the record of its use, written at most once a minute.
import type { PersonalTokenLookup } from '../../platform/context.ts';
import { isoIn, nowIso } from '../../platform/ids.ts';
import { TOKEN_USE_RECORDED_EVERY_MS } from '../../platform/security/personal-token.ts';
import { findUserById, presentUser } from '../auth/public.ts';
import { scopesOf } from './present.ts';
import { findTokenByHash, recordUse } from './repo.ts';

const msOf = (at: string | null) => (at === null ? null : Date.parse(at));

export const personalTokenLookup: PersonalTokenLookup = {
  async find(db, hash) {
    const row = await findTokenByHash(db, hash);
    if (!row) return undefined;
    const user = await findUserById(db, row.user_id);
    if (!user) return undefined;
    return {
      tokenId: row.id,
      user: presentUser(user),
      scopes: scopesOf(row.scopes),
      expiresMs: msOf(row.expires_at),
      lastUsedMs: msOf(row.last_used_at),
    };
  },
  touch: (db, tokenId) => recordUse(db, tokenId, nowIso(), isoIn(-TOKEN_USE_RECORDED_EVERY_MS)),
};
