import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  cookiesOf,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  lastMailedToken,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { MAIL_PER_HOUR } from './mail-budget.ts';
import { LOGIN_MAX_FAILURES } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('register', () => {
  it('creates an unverified account, signs it in and mails a verification link', async () => {
    const email = uniqueEmail('reg');
    const res = await post('/api/auth/register', {
      name: '  Nina Simone ',
      email: ` ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ name: 'Nina Simone', email, role: 'artist', verified: false });
    expect(body.data.token.split('.')).toHaveLength(3);
    const cookies = cookiesOf(res);
    expect(cookies.mixdesk_access).toBeTruthy();
    expect(cookies.mixdesk_refresh).toBeTruthy();
    expect(res.cookies.find((c) => c.name === 'mixdesk_refresh')?.httpOnly).toBe(true);
    expect(await lastMailedToken(t.app, email, 'verify_email')).toMatch(/^[\w-]{20,}$/);
  });

  it('keeps the chosen role', async () => {
    const { user } = await registerUser(t.app, { role: 'engineer' });
    expect(user.role).toBe('engineer');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await registerUser(t.app, { email });
    const res = await post('/api/auth/register', {
      name: 'Again',
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'An account with this email already exists',
    });
  });

  it('refuses a password shorter than 8 characters', async () => {
    const res = await post('/api/auth/register', { name: 'A', email: uniqueEmail(), password: 'Ab1!xyz' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at least 8');
  });
});

describe('login', () => {
  it('signs in with the right password and returns the user and a token', async () => {
    const { user } = await registerUser(t.app);
    const res = await post('/api/auth/login', { email: user.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user._id).toBe(user._id);
    expect(cookiesOf(res).mixdesk_refresh).toBeTruthy();
  });

  it('gives the same 401 message for an unknown email and a wrong password', async () => {
    const { user } = await registerUser(t.app);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: GOOD_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it(`answers 429 after ${LOGIN_MAX_FAILURES} failures for one email from one address, with when to retry`, async () => {
    const { user } = await registerUser(t.app);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(
        (await post('/api/auth/login', { email: user.email, password: `wrong-${i}-pass` })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: user.email, password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Try again in \d+ minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: GOOD_PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('me, refresh and logout', () => {
  it('me answers the user for a bearer token and for the access cookie', async () => {
    const s = await registerUser(t.app);
    const viaBearer = await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) });
    expect(viaBearer.statusCode).toBe(200);
    // The current user also says whether it runs the server (diagnostics); a new account does not.
    expect(viaBearer.json().user).toEqual({ ...s.user, isAdmin: false });
    expect(viaBearer.json().data.user).toEqual({ ...s.user, isAdmin: false });
    const viaCookie = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie: cookieHeader({ mixdesk_access: s.cookies.mixdesk_access! }) },
    });
    expect(viaCookie.json().user._id).toBe(s.user._id);
  });

  it('me with a bearer token carries every header and writes its one log line, to stdout and the kept log', async () => {
    const s = await registerUser(t.app);
    const res = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(s.token), 'x-request-id': 'me-line-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'x-request-id': 'me-line-1',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    // APP_URL is plain http here: no HSTS (platform.test.ts checks it is sent over https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    // Byte for byte what the schema's serializer wrote: the envelope's keys, then the user's, in schema order.
    const u = { ...s.user, isAdmin: false };
    const user = {
      _id: u._id,
      name: u.name,
      email: u.email,
      role: u.role,
      verified: u.verified,
      isAdmin: false,
    };
    expect(res.body).toBe(JSON.stringify({ success: true, message: 'Current user', data: { user }, user }));
    const again = await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) });
    expect(again.body).toBe(res.body);
    const line = t
      .logs()
      .split('\n')
      .find((l) => l.includes('"reqId":"me-line-1"'));
    expect(line).toMatch(
      /^\{"level":30,"time":\d+,"pid":\d+,"hostname":"[^"]*","reqId":"me-line-1","method":"GET","url":"\/api\/auth\/me","status":200,"ms":\d+,"msg":"request completed"\}$/,
    );
    const kept = t.app.logBuffer.entries().find((e) => e.details?.reqId === 'me-line-1');
    expect(kept).toMatchObject({ level: 'info', service: 'http', message: 'request completed' });
    expect(kept?.details).toMatchObject({ method: 'GET', url: '/api/auth/me', status: 200 });
  });

  it('reads the bearer token as before: any case of the scheme, up to the next space', async () => {
    const s = await registerUser(t.app);
    for (const authorization of [`bearer ${s.token}`, `BEARER ${s.token} trailing words`]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(200);
    }
    for (const authorization of [`Bearer  ${s.token}`, `Bearerx ${s.token}`, s.token]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Malformed Authorization header');
    }
  });

  it('me without a token is 401 Access token required', async () => {
    const res = await t.app.inject({ url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token required');
  });

  it('refresh rotates the refresh token, and replaying a used one revokes the session', async () => {
    const s = await registerUser(t.app);
    const c = await csrf(t.app);
    const headers = (refresh: string) => ({
      cookie: cookieHeader({ mixdesk_refresh: refresh, mixdesk_csrf: c.cookie }),
      'x-xsrf-token': c.token,
    });
    const first = await post('/api/auth/refresh', undefined, headers(s.cookies.mixdesk_refresh!));
    expect(first.statusCode).toBe(200);
    const next = cookiesOf(first).mixdesk_refresh!;
    expect(next).not.toBe(s.cookies.mixdesk_refresh);
    const newAccess = first.json().data.token;
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(newAccess) })).statusCode).toBe(200);

    const replay = await post('/api/auth/refresh', undefined, headers(s.cookies.mixdesk_refresh!));
    expect(replay.statusCode).toBe(401);
    // The whole family is gone: the newest refresh token and the access token stop working.
    expect((await post('/api/auth/refresh', undefined, headers(next))).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(newAccess) })).statusCode).toBe(401);
  });

  it('refresh with a cookie but without the CSRF token is 403', async () => {
    const s = await registerUser(t.app);
    const res = await post('/api/auth/refresh', undefined, {
      cookie: cookieHeader({ mixdesk_refresh: s.cookies.mixdesk_refresh! }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('logout revokes the session and clears the cookies', async () => {
    const s = await registerUser(t.app);
    const c = await csrf(t.app);
    const res = await post('/api/auth/logout', undefined, {
      cookie: cookieHeader({ mixdesk_refresh: s.cookies.mixdesk_refresh!, mixdesk_csrf: c.cookie }),
      'x-xsrf-token': c.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((k) => k.name === 'mixdesk_access')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
  });

  it('a bearer-only client signs out its own session', async () => {
    const s = await registerUser(t.app);
    expect((await post('/api/auth/logout', undefined, bearer(s.token))).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  it('the mailed link verifies once; a second use is a clear 400', async () => {
    const s = await registerUser(t.app);
    const token = await lastMailedToken(t.app, s.user.email, 'verify_email');
    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.verified).toBe(true);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) });
    expect(me.json().user.verified).toBe(true);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link has already been used.');
  });

  it('an expired link is refused', async () => {
    const s = await registerUser(t.app);
    const token = await lastMailedToken(t.app, s.user.email, 'verify_email');
    await t.app.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.user._id)
      .execute();
    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('expired');
  });

  it(`resend mails a new link, ${MAIL_PER_HOUR} links an hour in all, and refuses a verified account`, async () => {
    const s = await registerUser(t.app);
    const first = await lastMailedToken(t.app, s.user.email, 'verify_email');
    const resend = () => post('/api/auth/resend-verification', undefined, bearer(s.token));
    // Registration mailed the first of the hour's links.
    for (let i = 1; i < MAIL_PER_HOUR; i++) expect((await resend()).statusCode, `resend ${i}`).toBe(200);
    const newest = await lastMailedToken(t.app, s.user.email, 'verify_email');
    expect(newest).not.toBe(first);
    const over = await resend();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Too many verification emails requested\. Try again in \d+ minutes\.$/,
    );
    expect(await lastMailedToken(t.app, s.user.email, 'verify_email')).toBe(newest);
    expect((await post('/api/auth/verify-email', { token: newest })).statusCode).toBe(200);
    const verified = await resend();
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe('Your email address is already verified.');
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails and mails only the known one', async () => {
    const s = await registerUser(t.app);
    const known = await post('/api/auth/forgot-password', { email: s.user.email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    expect(await lastMailedToken(t.app, s.user.email, 'reset_password')).toBeTruthy();
  });

  it('a reset sets the new password, ends every session, and the link works once', async () => {
    const s = await registerUser(t.app);
    const other = await post('/api/auth/login', { email: s.user.email, password: GOOD_PASSWORD });
    await post('/api/auth/forgot-password', { email: s.user.email });
    const token = await lastMailedToken(t.app, s.user.email, 'reset_password');
    const res = await post('/api/auth/reset-password', { token, password: 'Brand-New-Mix-77' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(other.json().data.token) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: s.user.email, password: GOOD_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: s.user.email, password: 'Brand-New-Mix-77' })).statusCode,
    ).toBe(200);
    const reuse = await post('/api/auth/reset-password', { token, password: 'Another-Pass-88' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('This password reset link has already been used.');
  });
});
