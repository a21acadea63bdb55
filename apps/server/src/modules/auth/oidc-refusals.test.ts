// Single sign-on's bad input (issue #38): a callback with a wrong state, in another browser, replayed (one at a
// time or 100 at once), a code used twice, an address the provider has not verified, an ID token issued to
// another application, a sign-in cancelled at the provider, a provider that cannot be reached, a server
// without single sign-on. Each a clear 4xx (503 for the unreachable provider), nothing stored, no 500.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/helper.ts';
import {
  deliver,
  otherClientIdToken,
  ssoAttempt,
  startTestProvider,
  type TestProvider,
} from './oidc-provider-testing.ts';

const APP_URL = 'http://mixdesk.test';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
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

let people = 0;
function person(claims: { email?: string; email_verified?: boolean } = {}) {
  people += 1;
  const sub = `refused-${people}`;
  const email = uniqueEmail('sso');
  idp.account({ sub, email, email_verified: true, name: `Person ${people}`, ...claims });
  return { sub, email };
}
const users = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const identities = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('user_identities')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const withParam = (url: URL, name: string, value: string) => {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed;
};

describe('a callback that does not belong to a sign-in started here', () => {
  it('a tampered state is refused (400), and the genuine answer still signs in afterwards', async () => {
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    const state = attempt.callback.searchParams.get('state')!;
    const flipped = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [flipped, '', 'x'.repeat(4096)]) {
      const res = await deliver(t.app, attempt, withParam(attempt.callback, 'state', tampered));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
      expect(res.json().message).toMatch(/invalid, was already used or has expired/);
    }
    const withoutState = new URL(attempt.callback);
    withoutState.searchParams.delete('state');
    expect((await deliver(t.app, attempt, withoutState)).statusCode).toBe(400);
    expect((await deliver(t.app, attempt)).statusCode).toBe(302);
  });

  it('a state past the limit of its field is refused by its schema', async () => {
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    const res = await deliver(t.app, attempt, withParam(attempt.callback, 'state', 'x'.repeat(4097)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('the answer arriving in a browser other than the one that started is refused', async () => {
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    const before = await users();
    const elsewhere = { ...attempt, cookies: {} };
    expect((await deliver(t.app, elsewhere)).statusCode).toBe(400);
    const another = { ...attempt, cookies: { mixdesk_oidc: 'another-browsers-sign-in-cookie' } };
    expect((await deliver(t.app, another)).statusCode).toBe(400);
    expect(await users()).toBe(before);
  });

  it('a browser refused is sent to /auth with the reason, not shown an error document', async () => {
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    const res = await deliver(t.app, attempt, withParam(attempt.callback, 'state', 'made-up'), HTML);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=state');
    expect(res.cookies.find((c) => c.name === 'mixdesk_access')).toBeUndefined();
  });
});

describe('a replayed answer', () => {
  it('the same callback twice: the second is refused', async () => {
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    expect((await deliver(t.app, attempt)).statusCode).toBe(302);
    const again = await deliver(t.app, attempt);
    expect(again.statusCode).toBe(400);
    expect(again.cookies.find((c) => c.name === 'mixdesk_access')).toBeUndefined();
  });

  it('100 copies of one callback at once: one signs in, 99 are refused, one session', async () => {
    const { sub, email } = person();
    const attempt = await ssoAttempt(t.app, idp, sub);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(t.app, attempt)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(99);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await t.app.ctx.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('a code already exchanged, brought back with a fresh sign-in’s state, is refused by the provider', async () => {
    const { sub } = person();
    const first = await ssoAttempt(t.app, idp, sub);
    expect((await deliver(t.app, first)).statusCode).toBe(302);
    const second = await ssoAttempt(t.app, idp, sub);
    const replayed = withParam(second.callback, 'code', first.callback.searchParams.get('code')!);
    const res = await deliver(t.app, second, replayed);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be verified/);
  });
});

describe('what the provider says about the person', () => {
  it('an address the provider has not verified is refused, and nothing is stored', async () => {
    const before = { users: await users(), identities: await identities() };
    for (const claims of [{ email_verified: false }, { email_verified: undefined }, { email: undefined }]) {
      const { sub, email } = person(claims);
      const res = await deliver(t.app, await ssoAttempt(t.app, idp, sub));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/no verified email address/);
      const found = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(found).toHaveLength(0);
    }
    expect({ users: await users(), identities: await identities() }).toEqual(before);
  });

  it('an unverified address never signs in to the account that has it', async () => {
    const { email } = person();
    const owner = person({ email });
    expect((await deliver(t.app, await ssoAttempt(t.app, idp, owner.sub))).statusCode).toBe(302);
    const stranger = person({ email, email_verified: false });
    const res = await deliver(t.app, await ssoAttempt(t.app, idp, stranger.sub));
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === 'mixdesk_access')).toBeUndefined();
  });

  it('an ID token the provider issued to another application is refused (its audience is not Mixdesk)', async () => {
    const { sub, email } = person();
    const attempt = await ssoAttempt(t.app, idp, sub);
    const nonce = new URL(attempt.start.headers.location as string).searchParams.get('nonce')!;
    // The same person, the same nonce, the provider's own signature: only the audience is another's.
    idp.substituteNextIdToken(await otherClientIdToken(idp, sub, nonce, APP_URL));
    const res = await deliver(t.app, attempt);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be verified/);
    expect(
      await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute(),
    ).toHaveLength(0);
    const refusals = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('Single sign-on refused'));
    expect(refusals.at(-1)).toMatch(/unexpected JWT \\"aud\\" \(audience\) claim value/);
  });

  it('a sign-in cancelled at the provider says so', async () => {
    /** The provider's answer when the person cancels: an error, with the sign-in's state and the issuer. */
    const cancelledAnswer = (attempt: Awaited<ReturnType<typeof ssoAttempt>>) => {
      const url = new URL(attempt.callback.origin + attempt.callback.pathname);
      url.search = new URLSearchParams({
        error: 'access_denied',
        state: attempt.callback.searchParams.get('state')!,
        iss: idp.issuer,
      }).toString();
      return url;
    };
    const attempt = await ssoAttempt(t.app, idp, person().sub);
    const res = await deliver(t.app, attempt, cancelledAnswer(attempt));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The sign-in was cancelled at the identity provider.');
    const inBrowser = await ssoAttempt(t.app, idp, person().sub);
    const browser = await deliver(t.app, inBrowser, cancelledAnswer(inBrowser), HTML);
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/auth?error=denied');
  });
});

describe('a server whose provider is away, or that has none', () => {
  it('a provider that cannot be reached: 503 for a client, /auth?error=unavailable for a browser', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = await createTestApp({
      appUrl: APP_URL,
      oidc: { ...idp.settings(), issuer: `http://127.0.0.1:${port}` },
    });
    try {
      const res = await away.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/cannot be reached/);
      const browser = await away.app.inject({
        method: 'GET',
        url: '/api/auth/oidc/start',
        headers: { accept: HTML },
      });
      expect(browser.headers.location).toBe('/auth?error=unavailable');
    } finally {
      await away.close();
    }
  });

  it('without single sign-on set up, its routes answer 404 and the options offer none', async () => {
    const plain = await createTestApp();
    try {
      const options = await plain.app.inject({ method: 'GET', url: '/api/auth/options' });
      expect(options.json().data).toEqual({ passwordLogin: true, sso: null });
      for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=abc&state=def']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Single sign-on is not set up on this server.');
      }
    } finally {
      await plain.close();
    }
  });
});
