// Who runs this server: the accounts in ADMIN_EMAILS and, while the demo account is seeded, the demo account,
// so a newcomer sees the diagnostics at once. Everyone else never learns the admin-only routes exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { accessTokens } from '../security/access-token.ts';
import { resolveAccessToken } from '../security/auth.ts';
import { cookieNames, isHttps } from '../security/cookies.ts';
import { assertCsrf, isStateChanging } from '../security/csrf.ts';
import { markGuard } from './guards.ts';

export function isAdminEmail(config: Pick<Config, 'adminEmails' | 'seedDemo' | 'demoEmail'>, email: string) {
  const e = email.toLowerCase();
  return config.adminEmails.includes(e) || (config.seedDemo && e === config.demoEmail.toLowerCase());
}

/** The 404 an unknown API route answers, word for word, so an admin-only route is indistinguishable. */
export function hiddenRoute(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0];
  return new AppError('NOT_FOUND', `No API route ${request.method} ${path}`);
}

type Resolved = NonNullable<Awaited<ReturnType<typeof resolveAccessToken>>>;
/** Per app: administrators' sessions last confirmed by the database, by session id. */
const adminSessions = new WeakMap<FastifyInstance, Map<string, Resolved>>();

/**
 * The signed-in user behind a token. While the database cannot be reached, an administrator whose session was
 * checked against it earlier is still recognised from the token's signature until the token expires (at most
 * 15 minutes): the diagnostics must show an outage to whoever runs the server, and they read nothing else.
 */
async function resolveEvenWithoutDatabase(
  app: FastifyInstance,
  token: string,
  admins: Map<string, Resolved>,
): Promise<Resolved | null> {
  try {
    const resolved = await resolveAccessToken(app, token);
    if (resolved) admins.set(resolved.sessionId, resolved);
    return resolved;
  } catch {
    const claims = await accessTokens(app.ctx.config.jwtSecret).verify(token);
    const known = claims ? admins.get(claims.sessionId) : undefined;
    return known && known.user._id === claims?.userId ? known : null;
  }
}

/**
 * preHandler for admin-only routes: a signed-in administrator passes; anyone else (signed out, a bad token,
 * a missing CSRF token, a non-admin) gets the unknown-route 404.
 */
export function requireAdmin(app: FastifyInstance) {
  let admins = adminSessions.get(app);
  if (!admins) {
    admins = new Map();
    adminSessions.set(app, admins);
  }
  const known = admins;
  const guard = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const bearer = header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
    const names = cookieNames(isHttps(app.ctx.config.appUrl));
    const token = bearer || request.cookies[names.access];
    const resolved = token ? await resolveEvenWithoutDatabase(app, token, known) : null;
    if (!resolved || !isAdminEmail(app.ctx.config, resolved.user.email)) {
      if (resolved) known.delete(resolved.sessionId);
      throw hiddenRoute(request);
    }
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && isStateChanging(request.method)) {
      try {
        assertCsrf(request, app.ctx.config.jwtSecret, resolved.sessionId, names.csrf);
      } catch {
        throw hiddenRoute(request);
      }
    }
    request.auth = { ...resolved, via };
  };
  markGuard(guard, 'admin');
  return guard;
}
