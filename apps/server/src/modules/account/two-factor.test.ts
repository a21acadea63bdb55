import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  cookiesOf,
  createTestApp,
  GOOD_PASSWORD,
  liveSessionCount,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { LOGIN_MAX_FAILURES } from '../auth/throttle.ts';
import { CHALLENGE_EXPIRED, CHALLENGE_MAX_ATTEMPTS } from './login-challenge.ts';
import { INVALID_CODE, REUSED_CODE, USED_RECOVERY_CODE } from './two-factor.ts';
import { codeAt, enableTwoFactor } from './two-factor-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who ? bearer(who.token) : {}, payload });

const enable = (who: SignedIn) => enableTwoFactor(t.app, who);

const login = (who: SignedIn) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.user.email, password: who.password },
  });
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1';
const secondStep = (challenge: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: { 'user-agent': IPHONE },
    payload: { challenge, code },
  });

describe('setting up two-factor sign-in', () => {
  it('gives a secret, an otpauth URL and a QR code, and stays off until a code confirms it', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/two-factor/setup', who);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = res.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Mixdesk:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(who.token),
    });
    expect(status.json().data).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    expect((await login(who)).json().data.token).toBeTruthy();
  });

  it('keeps the secret encrypted at rest', async () => {
    const who = await registerUser(t.app);
    const { secret } = (await post('/api/account/two-factor/setup', who)).json().data;
    const row = await t.app.ctx.db
      .selectFrom('user_two_factor')
      .select('secret_enc')
      .where('user_id', '=', who.user._id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(secret);
    expect(row.secret_enc.startsWith('v1.')).toBe(true);
  });

  it('refuses a wrong code and stays off', async () => {
    const who = await registerUser(t.app);
    const { secret } = (await post('/api/account/two-factor/setup', who)).json().data;
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/account/two-factor/enable', who, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: INVALID_CODE });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(who.token),
    });
    expect(status.json().data.enabled).toBe(false);
  });

  it.each([
    ['letters', 'abcdef'],
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['a number', 123456],
    ['nothing', undefined],
  ])('refuses a code of %s with a 400', async (_what, code) => {
    const who = await registerUser(t.app);
    await post('/api/account/two-factor/setup', who);
    const res = await post('/api/account/two-factor/enable', who, code === undefined ? {} : { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('turns on with a valid code and returns ten distinct recovery codes, once', async () => {
    const who = await registerUser(t.app);
    const { secret, recoveryCodes } = await enable(who);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(who.token),
    });
    expect(status.json().data).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    const stored = await t.app.ctx.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', who.user._id)
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // A second set-up or confirmation is refused while it is on.
    expect((await post('/api/account/two-factor/setup', who)).statusCode).toBe(409);
    expect((await post('/api/account/two-factor/enable', who, { code: codeAt(secret, 1) })).statusCode).toBe(
      409,
    );
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/account/two-factor/setup', null)).statusCode).toBe(401);
    expect((await post('/api/account/two-factor/enable', null, { code: '123456' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/two-factor' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code instead of signing in, then signs in with a valid one', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    const first = await login(who);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(cookiesOf(first).mixdesk_access).toBeUndefined();
    const res = await secondStep(first.json().data.challenge, codeAt(secret, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user._id).toBe(who.user._id);
    expect(cookiesOf(res).mixdesk_refresh).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(res.json().data.token),
    });
    expect(me.statusCode).toBe(200);
    // The session is the device that answered the challenge, as a password sign-in's is.
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(res.json().data.token),
    });
    expect(sessions.json().data.sessions).toContainEqual(
      expect.objectContaining({ current: true, device: 'Safari on iPhone' }),
    );
    // The challenge is spent.
    expect((await secondStep(first.json().data.challenge, codeAt(secret, 1))).json().message).toBe(
      CHALLENGE_EXPIRED,
    );
  });

  it('refuses a code that was already used', async () => {
    const who = await registerUser(t.app);
    const { used } = await enable(who);
    const res = await secondStep((await login(who)).json().data.challenge, used);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(REUSED_CODE);
  });

  it('takes each recovery code once', async () => {
    const who = await registerUser(t.app);
    const { recoveryCodes } = await enable(who);
    const code = recoveryCodes[3]!;
    const ok = await secondStep(
      (await login(who)).json().data.challenge,
      code.toUpperCase().replace('-', ' '),
    );
    expect(ok.statusCode).toBe(200);
    const again = await secondStep((await login(who)).json().data.challenge, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(USED_RECOVERY_CODE);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(ok.json().data.token),
    });
    expect(status.json().data.recoveryCodesRemaining).toBe(9);
  });

  it(`gives a challenge ${CHALLENGE_MAX_ATTEMPTS} tries, then it is gone`, async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    const { challenge } = (await login(who)).json().data;
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      const res = await secondStep(challenge, '000000');
      expect(res.statusCode).toBe(401);
    }
    const late = await secondStep(challenge, codeAt(secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(CHALLENGE_EXPIRED);
  });

  it('refuses an unknown or expired challenge', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    expect((await secondStep('x'.repeat(43), codeAt(secret, 1))).json().message).toBe(CHALLENGE_EXPIRED);
    const { challenge } = (await login(who)).json().data;
    await t.app.ctx.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', who.user._id)
      .execute();
    const res = await secondStep(challenge, codeAt(secret, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(CHALLENGE_EXPIRED);
  });

  it('a wrong password still gets no challenge', async () => {
    const who = await registerUser(t.app);
    await enable(who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: 'Wrong-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toBeUndefined();
  });

  it('refuses bad bodies with a 400', async () => {
    for (const payload of [
      {},
      { challenge: 'x'.repeat(43) },
      { challenge: 'x'.repeat(43), code: '1', extra: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the second step at its limits', () => {
  /** These tests sign in from addresses of their own: their failures must not add up to the address limit. */
  let lastOctet = 0;
  const newAddress = () => {
    lastOctet += 1;
    return `203.0.113.${lastOctet}`;
  };
  const loginFrom = (who: SignedIn, remoteAddress: string, password = who.password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email: who.user.email, password },
    });
  const secondStepFrom = (challenge: string, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      remoteAddress,
      payload: { challenge, code },
    });

  it('the fifth try of a challenge may still be the right code (decision 006: five tries)', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    const address = newAddress();
    const { challenge } = (await loginFrom(who, address)).json().data;
    for (let i = 0; i < 4; i++) {
      const wrong = await secondStepFrom(challenge, '000000', address);
      expect(wrong.statusCode, `try ${i + 1}`).toBe(401);
      expect(wrong.json().message).toBe(INVALID_CODE);
    }
    const fifth = await secondStepFrom(challenge, codeAt(secret, 1), address);
    expect(fifth.statusCode, fifth.body).toBe(200);
    expect(CHALLENGE_MAX_ATTEMPTS).toBe(5);
  });

  it('a challenge lasts five minutes, to the millisecond (decision 006)', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    const address = newAddress();
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const inTime = (await loginFrom(who, address)).json().data.challenge;
    const late = (await loginFrom(who, address)).json().data.challenge;
    clock.step(5 * 60_000);
    const res = await secondStepFrom(inTime, codeAt(secret), address);
    expect(res.statusCode, res.body).toBe(200);
    clock.step(1);
    const refused = await secondStepFrom(late, codeAt(secret, 1), address);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(CHALLENGE_EXPIRED);
  });

  it('one challenge sent with several good codes at once signs in once; the others are told to start again', async () => {
    const who = await registerUser(t.app);
    const { recoveryCodes } = await enable(who);
    const address = newAddress();
    const { challenge } = (await loginFrom(who, address)).json().data;
    const before = await liveSessionCount(t.app, who.user._id);
    const answers = await Promise.all(
      recoveryCodes.slice(0, 4).map((code) => secondStepFrom(challenge, code, address)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    for (const lost of answers.filter((r) => r.statusCode === 401))
      expect(lost.json().message).toBe(CHALLENGE_EXPIRED);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(before + 1);
  });

  it.each([
    ['seven digits', '1234567', 401, 'Enter a 6-digit code or one of your recovery codes.'],
    [
      'a recovery code one letter short',
      'abcde-abcd',
      401,
      'Enter a 6-digit code or one of your recovery codes.',
    ],
    [
      'a recovery code one letter long',
      'abcde-abcdef',
      401,
      'Enter a 6-digit code or one of your recovery codes.',
    ],
    ['an unknown recovery code', 'abcde-abcde', 401, 'That recovery code is not valid.'],
    ['40 characters', 'a'.repeat(40), 401, 'Enter a 6-digit code or one of your recovery codes.'],
    ['41 characters', 'a'.repeat(41), 400, 'That code is too long'],
  ])('a code of %s (%s) is a %i: %s', async (_what, code, status, message) => {
    const who = await registerUser(t.app);
    await enable(who);
    const address = newAddress();
    const { challenge } = (await loginFrom(who, address)).json().data;
    const res = await secondStepFrom(challenge, code, address);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('the right password does not clear failed sign-ins while the code is outstanding, and a wrong code is one more', async () => {
    const who = await registerUser(t.app);
    await enable(who);
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 2; i++)
      expect((await loginFrom(who, address, 'Not-The-Password-1')).statusCode).toBe(401);
    const { challenge } = (await loginFrom(who, address)).json().data;
    expect((await secondStepFrom(challenge, '000000', address)).statusCode).toBe(401);
    // The last failure the account may have from here...
    expect((await loginFrom(who, address, 'Not-The-Password-1')).statusCode).toBe(401);
    // ...and then even the right password waits.
    const held = await loginFrom(who, address);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many failed sign-in attempts for this account\./);
  });

  it('the right code clears the failed sign-ins', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enable(who);
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await loginFrom(who, address, 'Not-The-Password-1')).statusCode).toBe(401);
    const { challenge } = (await loginFrom(who, address)).json().data;
    expect((await secondStepFrom(challenge, codeAt(secret, 1), address)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await loginFrom(who, address, 'Not-The-Password-1')).statusCode, `failure ${i + 1}`).toBe(401);
    expect((await loginFrom(who, address)).statusCode).toBe(429);
  });
});

describe('turning two-factor off and replacing recovery codes', () => {
  it('needs the password and a code; a wrong one changes nothing', async () => {
    const who = await registerUser(t.app);
    const { recoveryCodes } = await enable(who);
    const wrongPassword = await post('/api/account/two-factor/disable', who, {
      code: recoveryCodes[0],
      password: 'Not-the-password-1',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe('The password is incorrect');
    const wrongCode = await post('/api/account/two-factor/disable', who, {
      code: '000000',
      password: GOOD_PASSWORD,
    });
    expect(wrongCode.statusCode).toBe(400);
    const missing = await post('/api/account/two-factor/disable', who, { password: GOOD_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect((await login(who)).json().data.twoFactorRequired).toBe(true);

    const ok = await post('/api/account/two-factor/disable', who, {
      code: recoveryCodes[1],
      password: GOOD_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(who)).json().data.token).toBeTruthy();
    const left = await t.app.ctx.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', who.user._id)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const who = await registerUser(t.app);
    const { secret, recoveryCodes } = await enable(who);
    const res = await post('/api/account/two-factor/recovery-codes', who, {
      code: codeAt(secret, 1),
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await secondStep((await login(who)).json().data.challenge, recoveryCodes[0]!)).statusCode).toBe(
      401,
    );
    expect((await secondStep((await login(who)).json().data.challenge, fresh[0]!)).statusCode).toBe(200);
  });

  it('has no recovery codes to replace while it is off', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/two-factor/recovery-codes', who, {
      code: '123456',
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });
});
