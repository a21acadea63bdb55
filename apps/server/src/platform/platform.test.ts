import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  lastMailedToken,
  registerUser,
  TEST_DIALECT,
  type TestApp,
} from '../../test/helper.ts';
import { SENT_BODY } from './mail/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it(`runs on the ${TEST_DIALECT} database this run asked for`, () => {
    expect(t.app.ctx.dialect).toBe(TEST_DIALECT);
  });

  it('GET /api/health is a cheap liveness answer', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends API answers the REST security headers: never framed, never sniffed, same origin only', async () => {
    for (const url of ['/api/health', '/api/does-not-exist', '/api/auth/me']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      // APP_URL is http://mixdesk.test: HSTS would be ignored over http and wrong to promise.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS, on pages and API answers, only when APP_URL is https', async () => {
    const secure = await createTestApp({ appUrl: 'https://mixdesk.test' });
    try {
      for (const url of ['/api/health', '/verify-email?token=x']) {
        const res = await secure.app.inject({ url });
        expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+; includeSubDomains$/);
      }
      expect(
        (await t.app.inject({ url: '/verify-email?token=x' })).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it('sends pages the full set, with a CSP that allows only our own scripts', async () => {
    const res = await t.app.inject({ url: '/verify-email?token=x' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('a malformed URL or an absurdly long id gets the JSON envelope, not a bare framework error', async () => {
    const long = await t.app.inject({ url: `/api/projects/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const bad = await t.app.inject({ url: '/api/projects/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
  });

  it('GET /api/csrf-token returns a token and keeps it stable for the same browser', async () => {
    const first = await csrf(t.app);
    expect(first.token).toBe(first.cookie);
    const again = await t.app.inject({
      url: '/api/csrf-token',
      headers: { cookie: `mixdesk_csrf=${first.cookie}` },
    });
    expect(again.json().csrfToken).toBe(first.token);
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses a cookie-authenticated write without the token, accepts it with one, and never asks a bearer', async () => {
    const s = await registerUser(t.app);
    const access = { mixdesk_access: s.cookies.mixdesk_access! };
    const url = '/api/auth/resend-verification';
    const without = await t.app.inject({ method: 'POST', url, headers: { cookie: cookieHeader(access) } });
    expect(without.statusCode).toBe(403);
    expect(without.json().message).toContain('CSRF');

    const c = await csrf(t.app, access);
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookieHeader({ ...access, mixdesk_csrf: c.cookie }), 'x-xsrf-token': `${c.token}x` },
    });
    expect(forged.statusCode).toBe(403);

    const withToken = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookieHeader({ ...access, mixdesk_csrf: c.cookie }), 'x-xsrf-token': c.token },
    });
    expect(withToken.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(s.token) })).statusCode).toBe(200);
  });

  it('refuses a token minted anonymously, or for another session, with a session cookie (403), and changes nothing', async () => {
    const s = await registerUser(t.app);
    const other = await registerUser(t.app);
    const access = { mixdesk_access: s.cookies.mixdesk_access! };
    const url = '/api/auth/profile';
    const write = (c: { token: string; cookie: string }, bio: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: cookieHeader({ ...access, mixdesk_csrf: c.cookie }), 'x-xsrf-token': c.token },
        payload: { bio },
      });
    const bio = async () =>
      (await t.app.inject({ url, headers: bearer(s.token) })).json().data.profile.bio as string | null;
    const before = await bio();
    for (const [label, token] of [
      ['anonymous', await csrf(t.app)],
      ['another session', await csrf(t.app, { mixdesk_access: other.cookies.mixdesk_access! })],
    ] as const) {
      const res = await write(token, `planted through ${label}`);
      expect(res.statusCode, label).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    }
    expect(await bio()).toBe(before);
    // The anonymous cookie is replaced by one for the session as soon as the signed-in page asks again.
    const anonymous = await csrf(t.app);
    const renewed = await t.app.inject({
      url: '/api/csrf-token',
      headers: { cookie: cookieHeader({ ...access, mixdesk_csrf: anonymous.cookie }) },
    });
    const bound = renewed.json().csrfToken as string;
    expect(bound).not.toBe(anonymous.token);
    expect((await write({ token: bound, cookie: bound }, 'mine')).statusCode).toBe(200);
    expect(await bio()).toBe('mine');
  });
});

describe('cookies over https', () => {
  it('carry the __Host- and __Secure- prefixes, are Secure, and work for a signed-in browser; plain names open nothing', async () => {
    const secure = await createTestApp({ appUrl: 'https://mixdesk.test' });
    try {
      const s = await registerUser(secure.app);
      const set = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: s.user.email, password: s.password },
      });
      const byName = Object.fromEntries(set.cookies.map((c) => [c.name, c]));
      expect(byName['__Host-mixdesk_access']).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(byName['__Host-mixdesk_access']?.domain).toBeUndefined();
      expect(byName['__Secure-mixdesk_refresh']).toMatchObject({
        secure: true,
        httpOnly: true,
        path: '/api/auth',
      });
      expect(byName.mixdesk_access).toBeUndefined();
      const access = byName['__Host-mixdesk_access']!.value;

      const token = await secure.app.inject({
        url: '/api/csrf-token',
        headers: { cookie: cookieHeader({ '__Host-mixdesk_access': access }) },
      });
      const csrfCookie = token.cookies.find((c) => c.name === '__Host-mixdesk_csrf');
      expect(csrfCookie).toMatchObject({ secure: true, path: '/' });
      const write = (cookies: Record<string, string>) =>
        secure.app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          headers: { cookie: cookieHeader(cookies), 'x-xsrf-token': csrfCookie!.value },
        });
      expect(
        (await write({ '__Host-mixdesk_access': access, '__Host-mixdesk_csrf': csrfCookie!.value }))
          .statusCode,
      ).toBe(200);
      // The unprefixed names (which a subdomain or a plain-http page could set) are not read.
      expect((await write({ mixdesk_access: access, mixdesk_csrf: csrfCookie!.value })).statusCode).toBe(401);
      const refreshed = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: {
          cookie: cookieHeader({
            '__Secure-mixdesk_refresh': byName['__Secure-mixdesk_refresh']!.value,
            '__Host-mixdesk_csrf': csrfCookie!.value,
          }),
          'x-xsrf-token': csrfCookie!.value,
        },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password, an access token or a refresh token', async () => {
    const password = 'Very-Secret-Passw0rd!';
    const s = await registerUser(t.app, { password });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: `${password}-wrong` },
    });
    await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(s.token), cookie: cookieHeader(s.cookies) },
    });
    await t.app.inject({ url: `/verify-email?token=${s.token}` });
    const logs = t.logs();
    expect(logs).toContain('request completed');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(s.token);
    expect(logs).not.toContain(s.cookies.mixdesk_refresh!);
  });

  it("ties each request's line to its id, the one the answer carries in x-request-id", async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-me-42' } });
    expect(res.headers['x-request-id']).toBe('trace-me-42');
    const line = t
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.reqId === 'trace-me-42');
    expect(line).toMatchObject({ msg: 'request completed', url: '/api/health', status: 200 });
  });
});

describe('mail through SMTP', () => {
  it('sends the verification email to a real SMTP server when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => {
          data += c.toString();
        });
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as { port: number }).port;
    const withSmtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const s = await registerUser(withSmtp.app, { password: GOOD_PASSWORD });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${s.user.email}`);
      const link = received[0]!.replace(/=\r\n/g, '').match(/verify-email\?token=3D([\w-]+)/);
      expect(link?.[1]).toBeTruthy();
      // The mail went: the outbox keeps that it did, not the body with its link.
      const row = await withSmtp.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['sent_at', 'text_body', 'html_body', 'subject'])
        .where('to_address', '=', s.user.email)
        .executeTakeFirstOrThrow();
      expect(row.sent_at).toBeTruthy();
      expect(row).toMatchObject({
        text_body: SENT_BODY,
        html_body: '',
        subject: 'Verify your email for Mixdesk',
      });
      await expect(lastMailedToken(withSmtp.app, s.user.email, 'verify_email')).rejects.toThrow(
        'no verify_email mail',
      );
      // The link in the mail still works.
      const verified = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: link![1] },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await withSmtp.close();
      smtp.close();
    }
  });
});
