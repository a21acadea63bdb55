// Who is calling: a bearer token (a session's access token, or a personal API token `mxd_…`), else the access
// cookie (which then needs a CSRF token for writes). A personal token is no cookie, so it needs no CSRF token;
// it may change things only with its `write` scope, and never reaches the web session's own routes.
import type { ApiTokenScope } from '@mixdesk/contract/api-tokens';
import type { User } from '@mixdesk/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../errors.ts';
import { markGuard } from '../http/guards.ts';
import { accessTokens } from './access-token.ts';
import { cookieNames, isHttps } from './cookies.ts';
import { assertCsrf, isStateChanging } from './csrf.ts';
import { isPersonalToken, personalTokenOf } from './personal-token.ts';

export interface RequestAuth {
  user: User;
  /** The web session signed in; '' for a personal API token, which belongs to none. */
  sessionId: string;
  via: 'bearer' | 'cookie' | 'token';
  /** The personal API token's id and scopes (via 'token' only). */
  token?: { id: string; scopes: readonly ApiTokenScope[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.auth. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler for the web session's own routes (password, two-factor, sessions, API tokens, export, account
     * deletion): requireAuth, and a personal API token is refused with 403.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const READ_ONLY_TOKEN =
  'This API token can only read: it has no "write" scope. Create a token with read and write to make changes.';
export const SESSION_ONLY =
  'Personal API tokens cannot be used here: passwords, two-factor sign-in, sessions, API tokens, the data export and account deletion are managed only from a signed-in browser session.';

export const TOKEN_REQUIRED = 'Access token required';
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The token of `Authorization: Bearer <token>`; '' for another or malformed header; undefined without one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // As header.split(' ')[0] and [1], without the array: the scheme, then the text up to the next space.
  const space = header.indexOf(' ');
  if (space !== 6 || header.slice(0, 6).toLowerCase() !== 'bearer') return '';
  const end = header.indexOf(' ', 7);
  return end === -1 ? header.slice(7) : header.slice(7, end);
}

/** The signed-in user of an access token, or null. Used by HTTP routes and the realtime handshake. */
export async function resolveAccessToken(app: FastifyInstance, token: string) {
  const tokens = accessTokens(app.ctx.config.jwtSecret);
  const known = tokens.known(token);
  const claims = known === undefined ? await tokens.verify(token) : known;
  if (!claims) return null;
  const live = await app.ctx.sessions.find(claims.sessionId);
  if (!live) return null;
  const now = Date.now();
  if (live.userId !== claims.userId || live.revoked || live.expiresMs < now) return null;
  if (now - live.lastUsedMs > TOUCH_EVERY_MS) await app.ctx.sessions.touch(live.sessionId);
  return { user: live.user, sessionId: live.sessionId };
}

/**
 * When a session ends by expiring (ms since the epoch), or null once it has expired or been signed out.
 * Live connections check it to close themselves when their session runs out.
 */
export async function sessionEndsAt(app: FastifyInstance, sessionId: string): Promise<number | null> {
  const live = await app.ctx.sessions.find(sessionId);
  if (!live) return null;
  return live.revoked || live.expiresMs <= Date.now() ? null : live.expiresMs;
}

/** The session of a request's access token (bearer, else cookie), whoever it is; null without a valid one. */
export async function sessionOfRequest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string | null> {
  const token = bearerToken(request) || request.cookies[cookieNames(isHttps(app.ctx.config.appUrl)).access];
  return token ? ((await resolveAccessToken(app, token))?.sessionId ?? null) : null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const names = cookieNames(isHttps(app.ctx.config.appUrl));
  /** Who calls, by a personal token, a bearer access token or the cookie; throws 401 (or 403 without CSRF). */
  const authenticate = async (request: FastifyRequest): Promise<RequestAuth> => {
    const bearer = bearerToken(request);
    if (bearer && isPersonalToken(bearer)) {
      const found = await personalTokenOf(app, request, bearer);
      return {
        user: found.user,
        sessionId: '',
        via: 'token',
        token: { id: found.tokenId, scopes: found.scopes },
      };
    }
    const cookie = request.cookies[names.access];
    const token = bearer || cookie;
    if (!token) throw unauthorized(bearer === '' ? 'Malformed Authorization header' : TOKEN_REQUIRED);
    const resolved = await resolveAccessToken(app, token);
    if (!resolved) throw unauthorized('Invalid or expired access token');
    const via = bearer ? 'bearer' : 'cookie';
    // A browser attaches cookies on its own, so a cookie-authenticated write must prove it came from our page.
    if (via === 'cookie' && isStateChanging(request.method))
      assertCsrf(request, app.ctx.config.jwtSecret, resolved.sessionId, names.csrf);
    // Listed, not spread: V8 builds a spread-then-extended object several times slower.
    return { user: resolved.user, sessionId: resolved.sessionId, via };
  };
  const requireAuth = async (request: FastifyRequest) => {
    const auth = await authenticate(request);
    if (auth.token && isStateChanging(request.method) && !auth.token.scopes.includes('write'))
      throw new AppError('FORBIDDEN', READ_ONLY_TOKEN);
    request.auth = auth;
  };
  app.decorate('requireAuth', requireAuth);
  const requireSession = async (request: FastifyRequest) => {
    const auth = await authenticate(request);
    if (auth.via === 'token') throw new AppError('FORBIDDEN', SESSION_ONLY);
    request.auth = auth;
  };
  app.decorate('requireSession', requireSession);
  // The OpenAPI document secures the routes behind either (http/guards.ts).
  markGuard(requireAuth, 'user');
  markGuard(requireSession, 'user');
});

/** The signed-in user of a route behind requireAuth. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized(TOKEN_REQUIRED);
  return request.auth;
}
