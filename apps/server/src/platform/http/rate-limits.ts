// Per-client request limits (the table is config-rate-limits.ts): each limited route counts a request before
// anything else is done for it, by the signed-in user when the request carries a valid access token, else by
// the client's address (or by the address always, for the lines that say so). Past the limit: 429, Retry-After and the usual envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  RATE_LIMITED_ROUTES,
  type RateLimit,
  type RateLimitName,
  rateLimitsWith,
} from '../../config-rate-limits.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { rateLimited } from '../errors.ts';
import { accessTokens } from '../security/access-token.ts';
import { cookieNames, isHttps } from '../security/cookies.ts';
import { isPersonalToken, personalTokenOf } from '../security/personal-token.ts';
import { databaseStore, memoryStore, type RateLimitStore, redisStore } from './rate-limit-store.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The limit a route falls under, or null: the table's line for it, else `write` for a change under /api. */
export function limitOfRoute(method: string, url: string): RateLimitName | null {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  const named = RATE_LIMITED_ROUTES[`${method} ${path}`];
  if (named) return named;
  return WRITES.has(method) && path.startsWith('/api/') ? 'write' : null;
}

/**
 * Who is counted: the user of a valid access token (bearer or cookie) or personal API token (bearer), else the
 * address. A person's tokens and sessions share one count.
 */
async function clientOf(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const header = request.headers.authorization;
  const bearer =
    header && header.length > 7 && header.slice(0, 7).toLowerCase() === 'bearer '
      ? header.slice(7)
      : undefined;
  if (bearer && isPersonalToken(bearer)) {
    // The route's own check answers a bad token (401); until then it counts against the address.
    const found = await personalTokenOf(app, request, bearer).catch(() => undefined);
    return found ? `user:${found.user._id}` : `ip:${request.ip}`;
  }
  const token = bearer ?? request.cookies?.[cookieNames(isHttps(app.ctx.config.appUrl)).access];
  if (token) {
    const claims = await accessTokens(app.ctx.config.jwtSecret).verify(token);
    if (claims) return `user:${claims.userId}`;
  }
  return `ip:${request.ip}`;
}

function limiter(app: FastifyInstance, store: RateLimitStore, name: RateLimitName, limit: RateLimit) {
  const windowMs = limit.windowSeconds * 1000;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = limit.by === 'address' ? `ip:${request.ip}` : await clientOf(app, request);
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const endsMs = (window + 1) * windowMs;
    let hits: number;
    try {
      hits = await store.hit(`${name}:${client}:${window}`, endsMs, limit.max);
    } catch (err) {
      // The database the counts live in does not answer: the request would need it too, and would wait for it
      // a second time before its 503 (db/unavailable.ts). Any other failure to count lets the request go on.
      if (isDatabaseUnavailable(err)) throw err;
      request.log.warn({ service: 'rate-limit', err }, 'Could not count a request');
      return;
    }
    const resetSeconds = Math.max(1, Math.ceil((endsMs - now) / 1000));
    reply.header('ratelimit-limit', limit.max);
    reply.header('ratelimit-remaining', Math.max(0, limit.max - hits));
    reply.header('ratelimit-reset', resetSeconds);
    if (hits > limit.max) throw rateLimited(resetSeconds, limit.what);
  };
}

/** Adds the limits to every route registered after this call; call it before the areas' routes. */
export function registerRateLimits(app: FastifyInstance): void {
  const { config, db, log } = app.ctx;
  const inDatabase =
    config.database.kind === 'sqlite' ? memoryStore(config.database.file) : databaseStore(db, log);
  const store = config.redisUrl ? redisStore(config.redisUrl, inDatabase, log) : inDatabase;
  app.addHook('onClose', () => store.close());
  const limits = rateLimitsWith(config.rateLimits);
  const hooks = new Map<RateLimitName, onRequestHookHandler>();
  const hookOf = (name: RateLimitName) => {
    let hook = hooks.get(name);
    if (!hook) {
      hook = limiter(app, store, name, limits[name]) as onRequestHookHandler;
      hooks.set(name, hook);
    }
    return hook;
  };
  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const name = method ? limitOfRoute(method, route.url) : null;
    if (!name) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    // After the route's own onRequest hooks, after every app-wide one (cookies are read by then).
    route.onRequest = [...own, hookOf(name)];
  });
}
