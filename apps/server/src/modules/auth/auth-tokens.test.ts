// One-shot tokens: emailed links (verify email, reset password) and refresh tokens. Each works once, even when
// the same one arrives twice at the same moment (a double click, two tabs, a replay racing its owner), and a
// newer link of the same kind retires the older ones, which then say they were replaced.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  cookieHeader,
  cookiesOf,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  lastMailedToken,
  liveSessionCount,
  registerUser,
  type TestApp,
} from '../../../test/helper.ts';
import { sha256 } from '../../platform/ids.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const loginStatus = async (email: string, password: string) =>
  (await post('/api/auth/login', { email, password })).statusCode;
/** How many copies of one token are sent at once: more than two, so that some really overlap. */
const AT_ONCE = 4;
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('one token sent several times at the same moment', () => {
  it('a password reset link: one reset goes through, the others are told the link was used', async () => {
    const s = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: s.user.email });
    const token = await lastMailedToken(t.app, s.user.email, 'reset_password');
    const passwords = Array.from({ length: AT_ONCE }, (_, i) => `Brand-New-Mix-7${i}`);
    const answers = await Promise.all(
      passwords.map((password) => post('/api/auth/reset-password', { token, password })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    for (const lost of answers.filter((r) => r.statusCode === 400))
      expect(lost.json()).toMatchObject({
        success: false,
        message: 'This password reset link has already been used.',
      });
    // The password is the winner's, and only the winner's.
    const won = answers.findIndex((r) => r.statusCode === 200);
    for (const [i, password] of passwords.entries())
      expect(await loginStatus(s.user.email, password), password).toBe(i === won ? 200 : 401);
    expect(await loginStatus(s.user.email, GOOD_PASSWORD)).toBe(401);
  });

  it('a verification link: one request verifies, the others are told the link was used', async () => {
    const s = await registerUser(t.app);
    const token = await lastMailedToken(t.app, s.user.email, 'verify_email');
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => post('/api/auth/verify-email', { token })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    for (const lost of answers.filter((r) => r.statusCode === 400))
      expect(lost.json().message).toBe('This verification link has already been used.');
    expect(answers.find((r) => r.statusCode === 200)!.json().data.user.verified).toBe(true);
    const used = await t.app.ctx.db
      .selectFrom('one_time_tokens')
      .select('used_at')
      .where('user_id', '=', s.user._id)
      .execute();
    expect(used).toHaveLength(1);
    expect(used[0]!.used_at).not.toBeNull();
  });

  it('a refresh token: one rotation succeeds, the others are a 401, and the race ends the session as a replay would', async () => {
    const s = await registerUser(t.app);
    const c = await csrf(t.app);
    const refresh = () =>
      post('/api/auth/refresh', undefined, {
        cookie: cookieHeader({ mixdesk_refresh: s.cookies.mixdesk_refresh!, mixdesk_csrf: c.cookie }),
        'x-xsrf-token': c.token,
      });
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, refresh));
    expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(401)]);
    for (const lost of answers.filter((r) => r.statusCode === 401))
      expect(lost.json().message).toBe('Your session has expired. Please log in again.');
    // Two presentations of one refresh token are a replay (decision 003): the whole session is revoked, the
    // winner's new tokens included; no second session was made.
    const winner = answers.find((r) => r.statusCode === 200)!;
    const issued = await t.app.ctx.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('auth_sessions as s', 's.id', 'r.session_id')
      .select('r.token_hash')
      .where('s.user_id', '=', s.user._id)
      .execute();
    expect(issued).toHaveLength(2);
    expect(await liveSessionCount(t.app, s.user._id)).toBe(0);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(winner.json().data.token) })).statusCode,
    ).toBe(401);
    const next = await post('/api/auth/refresh', undefined, {
      cookie: cookieHeader({ mixdesk_refresh: cookiesOf(winner).mixdesk_refresh!, mixdesk_csrf: c.cookie }),
      'x-xsrf-token': c.token,
    });
    expect(next.statusCode).toBe(401);
  });
});

describe('a newer link retires the older ones', () => {
  it('asking for a second reset link makes the first fail; the newest works', async () => {
    const s = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: s.user.email });
    const first = await lastMailedToken(t.app, s.user.email, 'reset_password');
    await post('/api/auth/forgot-password', { email: s.user.email });
    const second = await lastMailedToken(t.app, s.user.email, 'reset_password');
    expect(second).not.toBe(first);
    const old = await post('/api/auth/reset-password', { token: first, password: 'Brand-New-Mix-77' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      'This password reset link was replaced by a newer one: use the link in the latest email.',
    );
    expect(await loginStatus(s.user.email, GOOD_PASSWORD)).toBe(200);
    const res = await post('/api/auth/reset-password', { token: second, password: 'Brand-New-Mix-77' });
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(s.user.email, 'Brand-New-Mix-77')).toBe(200);
    // Once the newest link has done its work, the older one says so rather than sending the person to it.
    const after = await post('/api/auth/reset-password', { token: first, password: 'Another-Pass-88' });
    expect(after.json().message).toBe(
      'This password reset link was replaced by a newer one, which has already been used.',
    );
    expect(await loginStatus(s.user.email, 'Brand-New-Mix-77')).toBe(200);
  });

  it('using a reset link retires any other live reset link of the account', async () => {
    const s = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: s.user.email });
    const mailed = await lastMailedToken(t.app, s.user.email, 'reset_password');
    // A second live link, as two requests at the same moment would leave (neither saw the other).
    const other = 'o'.repeat(43);
    const now = new Date();
    await t.app.ctx.db
      .insertInto('one_time_tokens')
      .values({
        token_hash: sha256(other),
        user_id: s.user._id,
        purpose: 'reset_password',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
        used_at: null,
      })
      .execute();
    expect(
      (await post('/api/auth/reset-password', { token: mailed, password: 'Brand-New-Mix-77' })).statusCode,
    ).toBe(200);
    const late = await post('/api/auth/reset-password', { token: other, password: 'Other-New-Mix-88' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This password reset link has already been used.');
    expect(await loginStatus(s.user.email, 'Brand-New-Mix-77')).toBe(200);
  });

  it('asking for a second verification email makes the first link fail; the newest works', async () => {
    const s = await registerUser(t.app);
    const first = await lastMailedToken(t.app, s.user.email, 'verify_email');
    expect((await post('/api/auth/resend-verification', undefined, bearer(s.token))).statusCode).toBe(200);
    const second = await lastMailedToken(t.app, s.user.email, 'verify_email');
    expect(second).not.toBe(first);
    const old = await post('/api/auth/verify-email', { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      'This verification link was replaced by a newer one: use the link in the latest email.',
    );
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token) });
    expect(me.json().user.verified).toBe(false);
    const res = await post('/api/auth/verify-email', { token: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.verified).toBe(true);
    expect((await post('/api/auth/verify-email', { token: first })).json().message).toBe(
      'This verification link was replaced by a newer one, which has already been used.',
    );
    // The newest link itself was used, not replaced.
    expect((await post('/api/auth/verify-email', { token: second })).json().message).toBe(
      'This verification link has already been used.',
    );
  });

  it('after two resends, the first link still points to the latest email, not to the second link', async () => {
    const s = await registerUser(t.app);
    const first = await lastMailedToken(t.app, s.user.email, 'verify_email');
    const resend = () => post('/api/auth/resend-verification', undefined, bearer(s.token));
    expect((await resend()).statusCode).toBe(200);
    const second = await lastMailedToken(t.app, s.user.email, 'verify_email');
    expect((await resend()).statusCode).toBe(200);
    const third = await lastMailedToken(t.app, s.user.email, 'verify_email');
    for (const token of [first, second])
      expect((await post('/api/auth/verify-email', { token })).json().message, token).toBe(
        'This verification link was replaced by a newer one: use the link in the latest email.',
      );
    expect((await post('/api/auth/verify-email', { token: third })).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token: first })).json().message).toBe(
      'This verification link was replaced by a newer one, which has already been used.',
    );
  });

  it('a replaced link that has also expired says it was replaced', async () => {
    const s = await registerUser(t.app);
    const first = await lastMailedToken(t.app, s.user.email, 'verify_email');
    expect((await post('/api/auth/resend-verification', undefined, bearer(s.token))).statusCode).toBe(200);
    await t.app.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(first))
      .execute();
    const old = await post('/api/auth/verify-email', { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      'This verification link was replaced by a newer one: use the link in the latest email.',
    );
  });

  it('a new link of one kind leaves the links of the other kind alone', async () => {
    const s = await registerUser(t.app);
    const verify = await lastMailedToken(t.app, s.user.email, 'verify_email');
    await post('/api/auth/forgot-password', { email: s.user.email });
    expect((await post('/api/auth/verify-email', { token: verify })).statusCode).toBe(200);
  });
});

describe('links last as long as their mail says, to the millisecond', () => {
  it('a reset link works for one hour', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    for (const s of [a, b]) await post('/api/auth/forgot-password', { email: s.user.email });
    const [linkA, linkB] = [
      await lastMailedToken(t.app, a.user.email, 'reset_password'),
      await lastMailedToken(t.app, b.user.email, 'reset_password'),
    ];
    clock.step(3600_000);
    const inTime = await post('/api/auth/reset-password', { token: linkA, password: 'Brand-New-Mix-77' });
    expect(inTime.statusCode).toBe(200);
    clock.step(1);
    const late = await post('/api/auth/reset-password', { token: linkB, password: 'Brand-New-Mix-77' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This password reset link has expired. Request a new one.');
  });

  it('a verification link works for 24 hours', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const [linkA, linkB] = [
      await lastMailedToken(t.app, a.user.email, 'verify_email'),
      await lastMailedToken(t.app, b.user.email, 'verify_email'),
    ];
    clock.step(24 * 3600_000);
    expect((await post('/api/auth/verify-email', { token: linkA })).statusCode).toBe(200);
    clock.step(1);
    const late = await post('/api/auth/verify-email', { token: linkB });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This verification link has expired. Request a new one.');
  });
});
