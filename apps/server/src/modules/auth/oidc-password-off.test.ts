// PASSWORD_LOGIN=0 (issue #38, decision 045): password sign-in, registration and resets answer 403 with a
// message saying why, whatever their body, while single sign-on signs people in; the options tell /auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  createTestApp,
  GOOD_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { ssoSignIn, startTestProvider, type TestProvider } from './oidc-provider-testing.ts';

const APP_URL = 'http://mixdesk.test';
const OFF = 'Password sign-in is turned off on this server: sign in with single sign-on.';
let t: TestApp;
let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider(APP_URL);
  t = await createTestApp({ appUrl: APP_URL, oidc: idp.settings(), passwordLogin: false });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('password sign-in turned off', () => {
  it('sign-in, registration and the reset links answer 403 and say why, and no account is made', async () => {
    const email = uniqueEmail('off');
    const calls: [string, unknown][] = [
      ['/api/auth/login', { email, password: GOOD_PASSWORD }],
      ['/api/auth/register', { name: 'Off', email, password: GOOD_PASSWORD }],
      ['/api/auth/forgot-password', { email }],
      ['/api/auth/reset-password', { token: 'x'.repeat(43), password: GOOD_PASSWORD }],
      // Refused before the body is read: a malformed one gets the same answer.
      ['/api/auth/login', { nonsense: true }],
      ['/api/auth/register', 'not json at all'],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, body);
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        403,
        { success: false, message: OFF, error: { code: 'FORBIDDEN' } },
      ]);
    }
    expect(
      await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute(),
    ).toHaveLength(0);
  });

  it('a burst of 100 sign-ins at once: every one refused with 403', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/auth/login', { email: `burst${i}@example.com`, password: GOOD_PASSWORD }),
      ),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([403]));
  });

  it('single sign-on still signs people in', async () => {
    const email = uniqueEmail('sso-only');
    idp.account({ sub: 'only-sso', email, email_verified: true, name: 'Only SSO' });
    const res = await ssoSignIn(t.app, idp, 'only-sso');
    expect(res.statusCode).toBe(302);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(cookiesOf(res)) },
    });
    expect(me.json().user.email).toBe(email);
  });

  it('the options tell /auth to offer only single sign-on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.json().data).toEqual({ passwordLogin: false, sso: { name: 'Acme SSO' } });
  });
});
