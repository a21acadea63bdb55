// Abuse limits on the way in (issue #20): new accounts per address, failed sign-ins per address across every
// email (password spraying), verification mail per address across accounts, names with hidden characters and
// passwords the meter calls Very Weak. Limits are tested at exactly the limit and one over, and a person
// elsewhere is not held up.
import { GUESSABLE_PASSWORD } from '@mixdesk/contract/password-policy';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  lastMailedToken,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { RATE_LIMITS } from '../../config-rate-limits.ts';
import { MAIL_PER_HOUR } from './mail-budget.ts';
import { LOGIN_MAX_FAILURES_PER_ADDRESS } from './throttle.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const users = async (app: TestApp) =>
  Number(
    (
      await app.app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const mails = async (app: TestApp, to: string) =>
  (await app.app.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;

const signUp = (app: TestApp, email: string, remoteAddress = '203.0.113.7') =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { name: 'Sam Signup', email, password: GOOD_PASSWORD },
  });
const signIn = (app: TestApp, email: string, password: string, remoteAddress = '198.51.100.9') =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describe('new accounts per address', () => {
  it(`exactly ${RATE_LIMITS.register.max} an hour from one address; the next is a 429 that stores and mails nothing`, async () => {
    t = await createTestApp({ rateLimits: { register: RATE_LIMITS.register.max } });
    for (let i = 0; i < RATE_LIMITS.register.max; i++)
      expect((await signUp(t, uniqueEmail('burst'))).statusCode).toBe(201);
    const before = await users(t);
    const email = uniqueEmail('one-too-many');
    const over = await signUp(t, email);
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The window is the clock's hour, so in its last 90 seconds the wait is said in seconds.
    expect(over.json()).toMatchObject({
      success: false,
      message:
        retryAfter < 90
          ? `Too many accounts created from this address. Try again in ${retryAfter} seconds.`
          : expect.stringMatching(
              /^Too many accounts created from this address\. Try again in \d+ minutes\.$/,
            ),
      error: { code: 'RATE_LIMITED' },
    });
    expect(await users(t)).toBe(before);
    expect(await mails(t, email)).toBe(0);
    // Someone at another address signs up as usual.
    expect((await signUp(t, uniqueEmail('elsewhere'), '203.0.113.8')).statusCode).toBe(201);
  });

  it('a proxy header is believed only with TRUST_PROXY', async () => {
    t = await createTestApp({ rateLimits: { register: 1 } });
    const viaProxy = (email: string, forwarded: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
        payload: { name: 'Proxy Pat', email, password: GOOD_PASSWORD },
      });
    expect((await viaProxy(uniqueEmail('p1'), '203.0.113.1')).statusCode).toBe(201);
    // Without TRUST_PROXY both come from the proxy's own address: the second is over the limit.
    expect((await viaProxy(uniqueEmail('p2'), '203.0.113.2')).statusCode).toBe(429);
  });
});

describe('failed sign-ins per address, across emails', () => {
  it(`${LOGIN_MAX_FAILURES_PER_ADDRESS} wrong guesses on as many accounts pass as 401; then the address waits, and no one else does`, async () => {
    t = await createTestApp();
    const real = await registerUser(t.app, { name: 'Real Person' });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const res = await signIn(t, uniqueEmail(`spray${i}`), 'Summer2026!');
      expect(res.statusCode).toBe(401);
    }
    // Even the right password for a real account waits at this address.
    const held = await signIn(t, real.user.email, real.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.json().message).toMatch(/^Too many failed sign-in attempts from this address\. Try again in/);
    // The same person from another address signs in.
    const elsewhere = await signIn(t, real.user.email, real.password, '192.0.2.44');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().data.user.email).toBe(real.user.email);
  });

  it('one guess fewer than the limit still lets the right password in at that address', async () => {
    t = await createTestApp();
    const real = await registerUser(t.app, { name: 'Real Person' });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS - 1; i++)
      expect((await signIn(t, uniqueEmail(`near${i}`), 'Summer2026!')).statusCode).toBe(401);
    expect((await signIn(t, real.user.email, real.password)).statusCode).toBe(200);
  });
});

describe('verification mail per address, across accounts', () => {
  it(`an address gets at most ${MAIL_PER_HOUR} an hour, even from accounts made and deleted in turn`, async () => {
    t = await createTestApp();
    const email = uniqueEmail('victim');
    for (let i = 0; i < MAIL_PER_HOUR; i++) {
      const made = await signUp(t, email, `203.0.113.${20 + i}`);
      expect(made.statusCode, made.body).toBe(201);
      const gone = await t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { authorization: `Bearer ${made.json().data.token}` },
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(gone.statusCode, gone.body).toBe(200);
    }
    const before = await users(t);
    const over = await signUp(t, email, '203.0.113.99');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many verification emails requested\. Try again in/);
    expect(await users(t)).toBe(before);
    expect(await mails(t, email)).toBe(0);
    // Another address is not held up by it.
    expect((await signUp(t, uniqueEmail('other'), '203.0.113.99')).statusCode).toBe(201);
  });
});

describe('names with hidden characters', () => {
  it.each([
    ['a right-to-left override', 'Ana\u202Efdp.exe'],
    ['a NUL', 'Ana\u0000Smith'],
  ])('registering with %s is a 400 that stores nothing; renaming to it too', async (_label, name) => {
    t = await createTestApp();
    const before = await users(t);
    const email = uniqueEmail('hidden');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Name must not contain control or text-direction characters',
    });
    expect(await users(t)).toBe(before);
    expect(await mails(t, email)).toBe(0);

    const someone = await registerUser(t.app, { name: 'Plain Name' });
    const rename = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${someone.token}` },
      payload: { name },
    });
    expect(rename.statusCode).toBe(400);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${someone.token}` },
    });
    expect(me.json().user.name).toBe('Plain Name');
  });
});

describe('passwords the strength meter calls Very Weak', () => {
  it('are refused at registration, on reset and on change, with the meter’s reason; nothing changes', async () => {
    t = await createTestApp();
    const before = await users(t);
    const email = uniqueEmail('weak');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Wes Weak', email, password: 'aaaaaaaa' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ success: false, message: GUESSABLE_PASSWORD });
    expect(await users(t)).toBe(before);

    const someone = await registerUser(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${someone.token}` },
      payload: { currentPassword: someone.password, newPassword: 'password123' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(GUESSABLE_PASSWORD);
    expect((await signIn(t, someone.user.email, someone.password)).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: someone.user.email },
    });
    const token = await lastMailedToken(t.app, someone.user.email, 'reset_password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: '          ' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(GUESSABLE_PASSWORD);
    // The link was not used up by the refusal: a good password still goes through it.
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Quiet-Harbour-77' },
    });
    expect(good.statusCode, good.body).toBe(200);
  });
});
