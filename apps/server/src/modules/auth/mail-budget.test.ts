// The mail budget at its edges: password-reset mails stop at the hourly count without telling the asker (the
// answer must not reveal that an account exists), come back when the hour has passed, and a refused
// verification mail says exactly when to try again. Also the one-time links and registrations that arrive
// together or late: two registrations of one email at once, a used link that has since expired, one link
// consumed twice at the same moment, a reset that proves the address.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  lastMailedToken,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { MAIL_PER_HOUR } from './mail-budget.ts';
import { consumeOneTimeToken, createOneTimeToken, TOKEN_TTL_MS } from './one-time-tokens.ts';
import { EMAIL_TAKEN } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const mailsTo = async (email: string, kind: string) =>
  (
    await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('kind', '=', kind)
      .execute()
  ).length;
const FORGOT_ANSWER = {
  success: true,
  message: 'If an account exists for that email, a link to reset the password is on its way.',
};

describe('password-reset mails', () => {
  it(`${MAIL_PER_HOUR} an hour go out; the next is answered the same but not sent, and logged; an hour on, one goes again`, async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const who = await registerUser(t.app);
    for (let i = 0; i < MAIL_PER_HOUR; i++) {
      const res = await post('/api/auth/forgot-password', { email: who.user.email });
      expect(res.json()).toEqual(FORGOT_ANSWER);
      clock.step(1000);
    }
    expect(await mailsTo(who.user.email, 'reset_password')).toBe(MAIL_PER_HOUR);

    const over = await post('/api/auth/forgot-password', { email: who.user.email });
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual(FORGOT_ANSWER);
    expect(await mailsTo(who.user.email, 'reset_password')).toBe(MAIL_PER_HOUR);
    const line = t
      .logs()
      .split('\n')
      .find((l) => l.includes('Password reset email not sent: hourly limit reached'));
    expect(JSON.parse(line!)).toMatchObject({ service: 'auth', userId: who.user._id, level: 40 });

    // One millisecond before the first of them is an hour old, still none; at the hour, one more goes out.
    clock.step(3600_000 - MAIL_PER_HOUR * 1000 - 1);
    expect(await mailsTo(who.user.email, 'reset_password')).toBe(MAIL_PER_HOUR);
    await post('/api/auth/forgot-password', { email: who.user.email });
    expect(await mailsTo(who.user.email, 'reset_password')).toBe(MAIL_PER_HOUR);
    clock.step(1);
    await post('/api/auth/forgot-password', { email: who.user.email });
    expect(await mailsTo(who.user.email, 'reset_password')).toBe(MAIL_PER_HOUR + 1);
  });
});

describe('verification mails', () => {
  it('a refused resend says to the second when the oldest mail of the hour lets the next one go', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const who = await registerUser(t.app);
    clock.step(10 * 60_000);
    for (let i = 1; i < MAIL_PER_HOUR; i++)
      expect((await post('/api/auth/resend-verification', undefined, bearer(who.token))).statusCode).toBe(
        200,
      );
    const over = await post('/api/auth/resend-verification', undefined, bearer(who.token));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe(String(50 * 60));
    expect(over.json().message).toBe('Too many verification emails requested. Try again in 50 minutes.');
  });

  it('registering an email that has an account is "already exists", even once its mail budget is spent', async () => {
    const who = await registerUser(t.app);
    for (let i = 1; i < MAIL_PER_HOUR; i++)
      await post('/api/auth/resend-verification', undefined, bearer(who.token));
    const again = await post('/api/auth/register', {
      name: 'Someone Else',
      email: who.user.email,
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMAIL_TAKEN);
  });
});

describe('arriving together, or late', () => {
  it('two registrations of one email at the same moment: one account, the other told it exists', async () => {
    const email = uniqueEmail('twice');
    const both = await Promise.all(
      ['First Take', 'Second Take'].map((name) =>
        post('/api/auth/register', { name, email, password: GOOD_PASSWORD }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(EMAIL_TAKEN);
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('one link consumed twice at the same moment: one wins, the other is told it was used', async () => {
    const who = await registerUser(t.app);
    const token = await createOneTimeToken(t.app.ctx, who.user._id, 'reset_password');
    const results = await Promise.allSettled([
      consumeOneTimeToken(t.app.ctx, token, 'reset_password'),
      consumeOneTimeToken(t.app.ctx, token, 'reset_password'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([who.user._id]);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused!.reason as Error).message).toBe('This password reset link has already been used.');
  });

  it('a used link that has since expired still says it was used', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const who = await registerUser(t.app);
    const link = await lastMailedToken(t.app, who.user.email, 'verify_email');
    expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(200);
    clock.step(TOKEN_TTL_MS.verify_email + 1);
    const again = await post('/api/auth/verify-email', { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link has already been used.');
  });

  it('a reset link proves the address: an unverified account is verified by the reset', async () => {
    const who = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: who.user.email });
    const reset = await post('/api/auth/reset-password', {
      token: await lastMailedToken(t.app, who.user.email, 'reset_password'),
      password: 'Fresh-Take-Mix-58',
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await post('/api/auth/login', { email: who.user.email, password: 'Fresh-Take-Mix-58' });
    expect(signedIn.json().data.user.verified).toBe(true);
  });
});
