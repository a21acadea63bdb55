// Security headers, computed once, then set on every response (@fastify/helmet rebuilds them per request;
// these never change while the process runs). Pages get helmet's defaults with our CSP; answers under /api
// (JSON, downloads, audio) get the smaller set OWASP's REST Security Cheat Sheet gives for APIs (decision 009).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * For API answers: nothing of theirs may be framed or sniffed into another type, they load only into our own
 * origin, and HTTPS sticks. The rest of helmet's set is about documents (scripts, popups, old IE), which an
 * API answer never is; validating and sending it took 7–12 % of a list request's CPU (decision 009).
 */
export function computeApiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = page['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** The API's browsable docs (platform/http/openapi.ts) are a page, with scripts, that lives under /api. */
const DOCS_PAGE = /^\/api\/docs(?:[/?]|$)/;

/**
 * `https`: whether APP_URL is https. HSTS is sent only then: over plain HTTP a browser ignores it, and a server
 * reached by http:// on a LAN or a laptop must not tell anything that its name is HTTPS-only.
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const pageHeaders = computeSecurityHeaders();
  if (!https) delete pageHeaders['strict-transport-security'];
  const apiHeaders = computeApiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const api = url.startsWith('/api/') && !(url.startsWith('/api/docs') && DOCS_PAGE.test(url));
    reply.headers(api ? apiHeaders : pageHeaders);
    done();
  });
}
