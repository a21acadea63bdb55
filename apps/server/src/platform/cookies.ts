// The auth and CSRF cookies: names, lifetimes and attributes in one place.
import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.ts';

export const ACCESS_COOKIE = 'mixdesk_access';
export const REFRESH_COOKIE = 'mixdesk_refresh';
export const CSRF_COOKIE = 'mixdesk_csrf';
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

const base = (secure: boolean) => ({ httpOnly: true, secure, path: '/' }) as const;

export function setAuthCookies(reply: FastifyReply, secure: boolean, access: string, refresh: string): void {
  reply.setCookie(ACCESS_COOKIE, access, {
    ...base(secure),
    sameSite: 'lax',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  // The refresh cookie only travels to the auth endpoints.
  reply.setCookie(REFRESH_COOKIE, refresh, {
    ...base(secure),
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ACCESS_COOKIE, base(secure));
  reply.clearCookie(REFRESH_COOKIE, { ...base(secure), path: '/api/auth' });
}

export function setCsrfCookie(reply: FastifyReply, secure: boolean, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { ...base(secure), sameSite: 'strict' });
}
