// The auth and CSRF cookies: names, lifetimes and attributes in one place.
import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.ts';

export const ACCESS_COOKIE = 'mixdesk_access';
export const REFRESH_COOKIE = 'mixdesk_refresh';
export const CSRF_COOKIE = 'mixdesk_csrf';
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export interface CookieNames {
  access: string;
  refresh: string;
  csrf: string;
}
const PLAIN: CookieNames = { access: ACCESS_COOKIE, refresh: REFRESH_COOKIE, csrf: CSRF_COOKIE };
/**
 * Over https the names carry the browser's prefixes: `__Host-` (Secure, Path=/, no Domain: no subdomain and
 * no plain-http page can set or shadow them) and, for the refresh cookie, whose path is /api/auth,
 * `__Secure-`. Over http (a laptop, a LAN) browsers refuse prefixed cookies, so the plain names stay.
 */
const PREFIXED: CookieNames = {
  access: `__Host-${ACCESS_COOKIE}`,
  refresh: `__Secure-${REFRESH_COOKIE}`,
  csrf: `__Host-${CSRF_COOKIE}`,
};
export const cookieNames = (secure: boolean): CookieNames => (secure ? PREFIXED : PLAIN);
/** Whether the app is served over https (APP_URL): Secure cookies, prefixed names, HSTS. */
export const isHttps = (appUrl: string) => appUrl.startsWith('https:');

const base = (secure: boolean) => ({ httpOnly: true, secure, path: '/' }) as const;

export function setAuthCookies(reply: FastifyReply, secure: boolean, access: string, refresh: string): void {
  const names = cookieNames(secure);
  reply.setCookie(names.access, access, {
    ...base(secure),
    sameSite: 'lax',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  // The refresh cookie only travels to the auth endpoints.
  reply.setCookie(names.refresh, refresh, {
    ...base(secure),
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  const names = cookieNames(secure);
  reply.clearCookie(names.access, base(secure));
  reply.clearCookie(names.refresh, { ...base(secure), path: '/api/auth' });
}

export function setCsrfCookie(reply: FastifyReply, secure: boolean, token: string): void {
  reply.setCookie(cookieNames(secure).csrf, token, { ...base(secure), sameSite: 'strict' });
}
