// The auth and CSRF cookies, attribute by attribute (platform/security/cookies.ts), over http and over https: what
// register, login and refresh set, and what every way of signing out clears. A browser only replaces or clears
// a cookie whose name and path match, and only keeps a prefixed one that is Secure, so each attribute matters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  GOOD_PASSWORD,
  lastMailedToken,
  registerUser,
  type TestApp,
} from '../../../test/helper.ts';
import { sha256 } from '../../platform/ids.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/security/access-token.ts';

const THIRTY_DAYS = 30 * 24 * 3600;
const EPOCH = new Date(0);

type Cookie = { name: string; value: string } & Record<string, unknown>;
const byName = (res: { cookies: Cookie[] }) =>
  Object.fromEntries(res.cookies.map((c) => [c.name, c])) as Record<string, Cookie>;

describe.each([
  {
    over: 'http',
    appUrl: 'http://mixdesk.test',
    secure: {},
    names: { access: 'mixdesk_access', refresh: 'mixdesk_refresh', csrf: 'mixdesk_csrf' },
  },
  {
    over: 'https',
    appUrl: 'https://mixdesk.test',
    secure: { secure: true },
    names: {
      access: '__Host-mixdesk_access',
      refresh: '__Secure-mixdesk_refresh',
      csrf: '__Host-mixdesk_csrf',
    },
  },
])('cookies over $over', ({ appUrl, secure, names }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrl });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The pair every sign-in sets: exactly these two cookies, with exactly these attributes. */
  const expectSignedIn = (res: { cookies: Cookie[] }, accessToken: string) => {
    expect(res.cookies).toHaveLength(2);
    const set = byName(res);
    expect(set[names.access]).toEqual({
      name: names.access,
      value: accessToken,
      path: '/',
      maxAge: ACCESS_TOKEN_TTL_SECONDS,
      httpOnly: true,
      sameSite: 'Lax',
      ...secure,
    });
    expect(set[names.refresh]).toEqual({
      name: names.refresh,
      value: expect.stringMatching(/^[\w-]{43}$/),
      path: '/api/auth',
      maxAge: THIRTY_DAYS,
      httpOnly: true,
      sameSite: 'Strict',
      ...secure,
    });
    return set[names.refresh]!.value;
  };

  /** Both auth cookies cleared: empty, expired, on the paths they were set on (else the browser keeps them). */
  const expectCleared = (res: { cookies: Cookie[] }) => {
    expect(res.cookies).toHaveLength(2);
    const set = byName(res);
    for (const [name, path] of [
      [names.access, '/'],
      [names.refresh, '/api/auth'],
    ] as const) {
      expect(set[name], name).toEqual({
        name,
        value: '',
        path,
        maxAge: 0,
        expires: EPOCH,
        httpOnly: true,
        sameSite: 'Lax',
        ...secure,
      });
    }
  };

  const csrfToken = async (cookies: Record<string, string> = {}) => {
    const res = await t.app.inject({
      url: '/api/csrf-token',
      headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {},
    });
    return res;
  };

  /** A request authenticated by the refresh cookie, with an anonymous CSRF token as the web app sends it. */
  const withRefresh = async (url: string, refresh: string) => {
    const token = byName(await csrfToken())[names.csrf]!.value;
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: cookieHeader({ [names.refresh]: refresh, [names.csrf]: token }),
        'x-xsrf-token': token,
      },
    });
  };

  it('register sets the access cookie (Lax, 15 minutes, everywhere) and the refresh cookie (Strict, 30 days, /api/auth only)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cookie Cat', email: `cookie-${Date.now()}@example.com`, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const refresh = expectSignedIn(res, res.json().data.token);
    // The refresh cookie is the session's refresh token (stored only as its hash).
    const row = await t.app.ctx.db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('token_hash', '=', sha256(refresh))
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('login sets the same pair', async () => {
    const s = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: s.password },
    });
    expect(res.statusCode).toBe(200);
    expectSignedIn(res, res.json().data.token);
  });

  it('a failed login sets no cookie', async () => {
    const s = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: 'Not-The-Password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });

  it('refresh sets a new pair with the same attributes', async () => {
    const s = await registerUser(t.app);
    const res = await withRefresh('/api/auth/refresh', s.cookies[names.refresh]!);
    expect(res.statusCode).toBe(200);
    const next = expectSignedIn(res, res.json().data.token);
    expect(next).not.toBe(s.cookies[names.refresh]);
  });

  it('a refused refresh clears both cookies', async () => {
    const res = await withRefresh('/api/auth/refresh', 'r'.repeat(43));
    expect(res.statusCode).toBe(401);
    expectCleared(res);
  });

  it('logout clears both cookies', async () => {
    const s = await registerUser(t.app);
    const res = await withRefresh('/api/auth/logout', s.cookies[names.refresh]!);
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });

  it('a bearer-only logout clears them too', async () => {
    const s = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token) });
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });

  it('a password reset clears both cookies', async () => {
    const s = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: s.user.email },
    });
    const token = await lastMailedToken(t.app, s.user.email, 'reset_password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-New-Mix-77' },
    });
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });

  it('signing out the current session clears both cookies; signing out another one clears none', async () => {
    const s = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: s.password },
    });
    const sessions = (await t.app.inject({ url: '/api/account/sessions', headers: bearer(s.token) })).json()
      .data.sessions as { _id: string; current: boolean }[];
    const signOut = (session: { _id: string }) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/account/sessions/${session._id}`,
        headers: bearer(s.token),
      });
    const other = await signOut(sessions.find((x) => !x.current)!);
    expect(other.statusCode).toBe(200);
    expect(other.cookies).toEqual([]);
    const current = await signOut(sessions.find((x) => x.current)!);
    expect(current.statusCode).toBe(200);
    expectCleared(current);
  });

  it('deleting the account clears both cookies', async () => {
    const s = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(s.token),
      payload: { email: s.user.email, password: s.password },
    });
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });

  it('the CSRF cookie is httpOnly, Strict, for the whole site and lasts the browser session', async () => {
    const res = await csrfToken();
    expect(res.cookies).toHaveLength(1);
    const token = res.json().csrfToken;
    expect(byName(res)[names.csrf]).toEqual({
      name: names.csrf,
      value: token,
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      ...secure,
    });
    // Sent back while still good, it is kept: no new cookie.
    expect((await csrfToken({ [names.csrf]: token })).cookies).toEqual([]);
  });
});
