// Who is calling: a bearer access token, else the access cookie (which then needs a CSRF token for writes).
import type { User } from '@mixdesk/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, presentUser, touchSession } from '../modules/auth/repo.ts';
import { accessTokens } from './access-token.ts';
import { ACCESS_COOKIE } from './cookies.ts';
import { assertCsrf, isStateChanging } from './csrf.ts';
import { unauthorized } from './errors.ts';

export interface RequestAuth {
  user: User;
  sessionId: string;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.auth. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const TOKEN_REQUIRED = 'Access token required';
const TOUCH_EVERY_MS = 5 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : '';
}

/** The signed-in user of an access token, or null. Used by HTTP routes and the realtime handshake. */
export async function resolveAccessToken(app: FastifyInstance, token: string) {
  const claims = await accessTokens(app.ctx.config.jwtSecret).verify(token);
  if (!claims) return null;
  const row = await findSessionUser(app.ctx.db, claims.sessionId);
  if (!row || row.id !== claims.userId || row.revoked_at || row.expires_at < new Date().toISOString())
    return null;
  if (Date.now() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS)
    await touchSession(app.ctx.db, row.session_id);
  return { user: presentUser(row), sessionId: row.session_id };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[ACCESS_COOKIE];
    const token = bearer || cookie;
    if (!token) throw unauthorized(bearer === '' ? 'Malformed Authorization header' : TOKEN_REQUIRED);
    const resolved = await resolveAccessToken(app, token);
    if (!resolved) throw unauthorized('Invalid or expired access token');
    const via = bearer ? 'bearer' : 'cookie';
    // A browser attaches cookies on its own, so a cookie-authenticated write must prove it came from our page.
    if (via === 'cookie' && isStateChanging(request.method)) assertCsrf(request, app.ctx.config.jwtSecret);
    request.auth = { ...resolved, via };
  });
});

/** The signed-in user of a route behind requireAuth. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized(TOKEN_REQUIRED);
  return request.auth;
}
