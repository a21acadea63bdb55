// CSRF protection by signed double submit: GET /api/csrf-token hands out `nonce.signature` and sets it as an
// httpOnly cookie; a state-changing request authenticated by cookie must echo it in X-XSRF-TOKEN.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from './cookies.ts';
import { AppError } from './errors.ts';

export const CSRF_HEADER = 'x-xsrf-token';

const sign = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');

export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function assertCsrf(request: FastifyRequest, secret: string): void {
  const header = request.headers[CSRF_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const cookie = request.cookies[CSRF_COOKIE];
  if (!isValidCsrfToken(secret, given) || given !== cookie) {
    throw new AppError('FORBIDDEN', 'Missing or invalid CSRF token. Reload the page and try again.');
  }
}

export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
