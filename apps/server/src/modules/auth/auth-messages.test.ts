// What each sign-in route tells the person (the envelope's `message`, shown by clients as it is), and the
// forgot-password answer that must read the same whether or not the email has an account. Also: signing out
// with only the access cookie (a browser whose refresh cookie is gone) ends that session.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  lastMailedToken,
  liveSessionCount,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { REFRESH_COOKIE } from '../../platform/security/cookies.ts';
import { CSRF_HEADER } from '../../platform/security/csrf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** A browser's write: its cookies, and the CSRF token made for its session. */
async function asBrowser(cookies: Record<string, string>) {
  const token = await csrf(t.app, cookies);
  return {
    cookie: cookieHeader({ ...cookies, mixdesk_csrf: token.cookie }),
    [CSRF_HEADER]: token.token,
  };
}

describe('what each route says', () => {
  it('register, sign in, refresh, resend, verify, sign out', async () => {
    const email = uniqueEmail();
    const created = await post('/api/auth/register', { name: 'Nia Fields', email, password: GOOD_PASSWORD });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Account created. Check your inbox to verify your email address.');

    const signedIn = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(signedIn.json()).toMatchObject({ success: true, message: 'Signed in' });

    const refreshCookies = Object.fromEntries(signedIn.cookies.map((c) => [c.name, c.value]));
    const refreshed = await post('/api/auth/refresh', undefined, await asBrowser(refreshCookies));
    expect(refreshed.json()).toMatchObject({ success: true, message: 'Session refreshed' });

    const token = created.json().data.token as string;
    const resent = await post('/api/auth/resend-verification', undefined, bearer(token));
    expect(resent.json()).toEqual({ success: true, message: 'Verification email sent' });

    const verified = await post('/api/auth/verify-email', {
      token: await lastMailedToken(t.app, email, 'verify_email'),
    });
    expect(verified.json()).toMatchObject({ success: true, message: 'Email verified' });

    const out = await post('/api/auth/logout', undefined, bearer(token));
    expect(out.json()).toEqual({ success: true, message: 'Signed out' });
  });

  it('a password that is right but needs the second step asks for the code, then signs in', async () => {
    const who = await registerUser(t.app);
    const setup = (await post('/api/account/two-factor/setup', undefined, bearer(who.token))).json().data;
    const code = (steps: number) =>
      TOTP.generate({ secret: Secret.fromBase32(setup.secret), timestamp: Date.now() + steps * 30_000 });
    expect(
      (await post('/api/account/two-factor/enable', { code: code(0) }, bearer(who.token))).statusCode,
    ).toBe(200);

    const first = await post('/api/auth/login', { email: who.user.email, password: who.password });
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Enter the code from your authenticator app',
      data: { twoFactorRequired: true },
    });
    const second = await post('/api/auth/login/two-factor', {
      challenge: first.json().data.challenge,
      code: code(1),
    });
    expect(second.json()).toMatchObject({ success: true, message: 'Signed in' });
  });

  it('forgot password reads the same for an account and for no account; the reset says what to do next', async () => {
    const who = await registerUser(t.app);
    const known = await post('/api/auth/forgot-password', { email: who.user.email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    const expected = {
      success: true,
      message: 'If an account exists for that email, a link to reset the password is on its way.',
    };
    expect(known.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(known.statusCode);

    const reset = await post('/api/auth/reset-password', {
      token: await lastMailedToken(t.app, who.user.email, 'reset_password'),
      password: 'Fresh-Take-Mix-58',
    });
    expect(reset.json()).toEqual({
      success: true,
      message: 'Your password has been reset. Sign in with your new password.',
    });
  });
});

describe('signing out without the refresh cookie', () => {
  /** The browser's cookies less the refresh cookie (path /api/auth, lost or cleared on its own). */
  const accessOnly = (who: SignedIn) =>
    Object.fromEntries(Object.entries(who.cookies).filter(([name]) => name !== REFRESH_COOKIE));

  it('the access cookie with its CSRF token ends that session', async () => {
    const who = await registerUser(t.app);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(1);
    const res = await post('/api/auth/logout', undefined, await asBrowser(accessOnly(who)));
    expect(res.statusCode).toBe(200);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(0);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(who.token) })).statusCode).toBe(401);
  });

  it('the access cookie without the CSRF token ends nothing (another site cannot sign people out)', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/auth/logout', undefined, { cookie: cookieHeader(accessOnly(who)) });
    expect(res.statusCode).toBe(200);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(1);
  });
});
