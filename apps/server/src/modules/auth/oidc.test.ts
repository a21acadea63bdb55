// Single sign-on through an OpenID Connect provider (issue #38, decision 045), against `oidc-provider` (npm)
// running in the test: a first sign-in makes the account, later ones find it by the provider's subject, an
// account with the verified address is the one signed in to, and the session is a password sign-in's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  createTestApp,
  GOOD_PASSWORD,
  lastMailedToken,
  liveSessionCount,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { readZip } from '../profile/test-fixtures.ts';
import {
  deliver,
  ssoAttempt,
  ssoSignIn,
  startTestProvider,
  type TestProvider,
} from './oidc-provider-testing.ts';

const APP_URL = 'http://mixdesk.test';
let t: TestApp;
let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider(APP_URL);
  t = await createTestApp({ appUrl: APP_URL, oidc: idp.settings() });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const me = (cookies: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(cookies) } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const usersWithEmail = (email: string) =>
  t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
const identitiesOf = (userId: string) =>
  t.app.ctx.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();
let people = 0;
/** A person at the provider with a verified address. */
function person(overrides: { email?: string; email_verified?: boolean; name?: string } = {}) {
  people += 1;
  const sub = `person-${people}`;
  const email = overrides.email ?? uniqueEmail('sso');
  idp.account({ sub, email, email_verified: true, name: `Person ${people}`, ...overrides });
  return { sub, email };
}

describe('signing in with single sign-on', () => {
  it('a first sign-in makes a verified account and signs it in as a password sign-in does', async () => {
    const email = uniqueEmail('ada');
    const { sub } = person({ email: email.toUpperCase(), name: 'Ada Lovelace' });
    const res = await ssoSignIn(t.app, idp, sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    // The session cookies of a password sign-in: the access cookie, and the refresh cookie on /api/auth only.
    const refresh = res.cookies.find((c) => c.name === 'mixdesk_refresh');
    expect(refresh?.path).toBe('/api/auth');
    expect(refresh?.httpOnly).toBe(true);
    expect(res.cookies.find((c) => c.name === 'mixdesk_access')?.httpOnly).toBe(true);
    const signedIn = await me(cookiesOf(res));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      email,
      name: 'Ada Lovelace',
      verified: true,
      role: 'artist',
    });
    const [user] = await usersWithEmail(email);
    expect(await identitiesOf(user!.id)).toMatchObject([{ issuer: idp.issuer, subject: sub, email }]);
    expect(await liveSessionCount(t.app, user!.id)).toBe(1);
    // No password was ever set: none signs in.
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it('a later sign-in finds the same account by the provider’s subject, even after the address changed there', async () => {
    const { sub, email } = person();
    const first = await me(cookiesOf(await ssoSignIn(t.app, idp, sub)));
    idp.account({ sub, email: uniqueEmail('moved'), email_verified: true });
    const second = await ssoSignIn(t.app, idp, sub);
    expect(second.statusCode).toBe(302);
    const again = await me(cookiesOf(second));
    expect(again.json().user._id).toBe(first.json().user._id);
    expect(again.json().user.email).toBe(email);
    expect(await identitiesOf(first.json().user._id)).toHaveLength(1);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('an account registered with a password and a verified address is the one signed in to, and keeps its password', async () => {
    const registered = await registerUser(t.app);
    const token = await lastMailedToken(t.app, registered.user.email, 'verify_email');
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const { sub } = person({ email: registered.user.email });
    const res = await ssoSignIn(t.app, idp, sub);
    expect(res.statusCode).toBe(302);
    expect((await me(cookiesOf(res))).json().user._id).toBe(registered.user._id);
    expect(await usersWithEmail(registered.user.email)).toHaveLength(1);
    expect((await login(registered.user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    // Its earlier session lives on, beside the new one.
    expect(await liveSessionCount(t.app, registered.user._id)).toBe(3);
  });

  it('an unverified account with the address is claimed: verified, and its registrant’s password and sessions end', async () => {
    // Someone registered with another person's address and never verified it.
    const squatted = await registerUser(t.app);
    expect((await me(squatted.cookies)).statusCode).toBe(200);
    const { sub } = person({ email: squatted.user.email });
    const res = await ssoSignIn(t.app, idp, sub);
    expect(res.statusCode).toBe(302);
    const owner = (await me(cookiesOf(res))).json().user;
    expect(owner).toMatchObject({ _id: squatted.user._id, verified: true });
    expect((await login(squatted.user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await me(squatted.cookies)).statusCode).toBe(401);
    expect(await liveSessionCount(t.app, squatted.user._id)).toBe(1);
  });

  it('the same new person signing in from 10 tabs at once gets one account and one link', async () => {
    const { sub, email } = person();
    const attempts = [];
    for (let tab = 0; tab < 10; tab += 1) attempts.push(await ssoAttempt(t.app, idp, sub));
    const answers = await Promise.all(attempts.map((attempt) => deliver(t.app, attempt)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(302));
    const ids = await Promise.all(answers.map(async (r) => (await me(cookiesOf(r))).json().user._id));
    expect(new Set(ids).size).toBe(1);
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect(await identitiesOf(ids[0])).toHaveLength(1);
  });

  it('goes back to the page the sign-in was started for, and never off the app', async () => {
    const { sub } = person();
    const cases: [string | undefined, string][] = [
      ['/projects/abc?tab=files#notes', '/projects/abc?tab=files#notes'],
      [undefined, '/'],
      ['https://evil.example/steal', '/'],
      ['//evil.example/steal', '/'],
      ['/\\evil.example', '/'],
      ['/\t/evil.example', '/'],
      ['/auth', '/'],
      ['/api/auth/logout', '/'],
      ['javascript:alert(1)', '/'],
    ];
    for (const [redirect, expected] of cases) {
      const res = await ssoSignIn(t.app, idp, sub, redirect);
      expect([redirect, res.statusCode, res.headers.location]).toEqual([redirect, 302, expected]);
    }
    // The longest path start takes (2,000 characters), and one more is refused by its schema.
    const longest = `/${'a'.repeat(1999)}`;
    expect((await ssoSignIn(t.app, idp, sub, longest)).headers.location).toBe(longest);
    const tooLong = await t.app.inject({ url: `/api/auth/oidc/start?redirect=${longest}a` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('start sends the browser to the provider with PKCE, a state and a nonce, and keeps its half in a cookie', async () => {
    const { sub } = person();
    const attempt = await ssoAttempt(t.app, idp, sub);
    const sent = new URL(attempt.start.headers.location as string);
    expect(sent.origin).toBe(idp.issuer);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      client_id: 'mixdesk',
      response_type: 'code',
      redirect_uri: `${APP_URL}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(sent.searchParams.get(name)).toMatch(/^[\w-]{43,}$/);
    const cookie = attempt.start.cookies.find((c) => c.name === 'mixdesk_oidc');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    // Nothing secret is stored as it travels: the state only as its hash.
    const rows = await t.app.ctx.db.selectFrom('oidc_sign_ins').select('state_hash').execute();
    expect(rows.map((r) => r.state_hash)).not.toContain(sent.searchParams.get('state'));
    expect((await deliver(t.app, attempt)).statusCode).toBe(302);
  });

  it('the account’s data export lists the provider’s person it is linked to', async () => {
    const { sub, email } = person();
    const res = await ssoSignIn(t.app, idp, sub);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: { authorization: `Bearer ${cookiesOf(res).mixdesk_access}` },
      payload: {},
    });
    expect(link.statusCode).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json().data.url });
    const doc = JSON.parse(readZip(zip.rawPayload).get('export.json')!.toString('utf8'));
    expect(doc.areas.auth.identities).toEqual([
      {
        issuer: idp.issuer,
        subject: sub,
        email,
        linkedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
  });

  it('the options tell /auth what to offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ passwordLogin: true, sso: { name: 'Acme SSO' } });
  });

  it('the code the provider sent back never reaches the log', async () => {
    const { sub } = person();
    const attempt = await ssoAttempt(t.app, idp, sub);
    expect((await deliver(t.app, attempt)).statusCode).toBe(302);
    const code = attempt.callback.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(20);
    expect(t.logs()).not.toContain(code);
  });
});
