// Personal API tokens at the door (issue #38): `Authorization: Bearer mxd_…` names a person's token, found by
// the SHA-256 of what was sent, one index lookup in the api-tokens area's table (handed over as
// ctx.personalTokens: the platform imports no area). Nothing is remembered from one request to the next, so a
// revoked or expired token is refused at once on every instance; within a request the lookup is made once
// (the rate limit counts by the token's user before the route's own check asks again).
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '@mixdesk/contract/api-tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PersonalTokenUse } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { sha256 } from '../ids.ts';

/** A use is recorded at most this often per token: reading a token is no write per request. */
export const TOKEN_USE_RECORDED_EVERY_MS = 60_000;

/** Whether a bearer token is meant as a personal API token (an access token, a JWT, never starts so). */
export const isPersonalToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);

const lookups = new WeakMap<FastifyRequest, { token: string; found: Promise<PersonalTokenUse> }>();

async function lookUp(app: FastifyInstance, token: string): Promise<PersonalTokenUse> {
  // The reasons are told apart: a script's author needs to know whether to fix a copy-paste or make a token.
  if (!API_TOKEN_PATTERN.test(token))
    throw unauthorized(
      'Malformed API token: a personal token is "mxd_" followed by 43 letters, digits, "-" or "_". Copy it again, whole.',
    );
  const { db, personalTokens } = app.ctx;
  const found = await personalTokens.find(db, sha256(token));
  if (!found) throw unauthorized('Unknown API token: it has been revoked, or was never made.');
  const now = Date.now();
  if (found.expiresMs !== null && found.expiresMs <= now)
    throw unauthorized('This API token has expired. Create a new one in Settings.');
  if (found.lastUsedMs === null || now - found.lastUsedMs >= TOKEN_USE_RECORDED_EVERY_MS)
    await recordUse(app, found.tokenId);
  return found;
}

/** Uses being recorded, by token: a burst of first uses waits for one write rather than making one each. */
const recording = new Map<string, Promise<void>>();

function recordUse(app: FastifyInstance, tokenId: string): Promise<void> {
  let pending = recording.get(tokenId);
  if (!pending) {
    pending = app.ctx.personalTokens.touch(app.ctx.db, tokenId).finally(() => recording.delete(tokenId));
    recording.set(tokenId, pending);
  }
  return pending;
}

/**
 * The live personal token `token` (the request's bearer token) names, looked up once per request; rejects with
 * a 401 that says why (malformed, unknown or revoked, expired).
 */
export function personalTokenOf(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<PersonalTokenUse> {
  const known = lookups.get(request);
  if (known?.token === token) return known.found;
  const found = lookUp(app, token);
  lookups.set(request, { token, found });
  return found;
}
