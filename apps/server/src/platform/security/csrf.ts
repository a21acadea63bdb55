// CSRF protection by signed double submit: GET /api/csrf-token hands out `nonce.signature` and sets it as an
// httpOnly cookie; a state-changing request authenticated by cookie must echo it in X-XSRF-TOKEN. The signature
// covers the session the token was made for ("anonymous" before sign-in), so a token minted anonymously, or for
// another session, opens nothing once a session is in play: a page that planted its own token cookie before the
// victim signed in gains nothing by it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export const CSRF_HEADER = 'x-xsrf-token';
/** The binding of a token made without a session. */
export const ANONYMOUS = 'anonymous';

const sign = (secret: string, nonce: string, binding: string) =>
  createHmac('sha256', secret).update(`csrf:${nonce}:${binding}`).digest('base64url');

/** A new token for the session `binding` names (a session id, or ANONYMOUS). */
export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce, binding)}`;
}

export function isValidCsrfToken(
  secret: string,
  token: string | undefined,
  binding: string,
): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce, binding));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Refuses a state-changing request whose header and cookie (named `cookieName`: see cookies.ts) do not carry
 * one token made for `sessionId`.
 */
export function assertCsrf(
  request: FastifyRequest,
  secret: string,
  sessionId: string,
  cookieName: string,
): void {
  const header = request.headers[CSRF_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const cookie = request.cookies[cookieName];
  if (!isValidCsrfToken(secret, given, sessionId) || given !== cookie) {
    throw new AppError('FORBIDDEN', 'Missing or invalid CSRF token. Reload the page and try again.');
  }
}

export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
