// Two-factor sign-in where it is easy to get wrong: a secret that no longer opens, a challenge that outlived the
// two-factor it was made for, a fault while checking a code, wrong codes and the throttle, old challenges.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  liveSessionCount,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { sha256 } from '../../platform/ids.ts';
import { LOGIN_MAX_FAILURES } from '../auth/throttle.ts';
import { createLoginChallenge } from './login-challenge.ts';
import { sealSecret } from './secret-box.ts';
import { INVALID_CODE } from './two-factor.ts';
import { codeAt, enableTwoFactor } from './two-factor-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each test signs in from an address of its own, so failures counted in one do not hold up another. */
let lastOctet = 0;
const newAddress = () => {
  lastOctet += 1;
  return `198.51.100.${lastOctet}`;
};

const login = (who: SignedIn, remoteAddress: string, password = who.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email: who.user.email, password },
  });
const secondStep = (challenge: string, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    remoteAddress,
    payload: { challenge, code },
  });
const disable = (who: SignedIn, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/two-factor/disable',
    remoteAddress,
    headers: bearer(who.token),
    payload: { code, password: GOOD_PASSWORD },
  });

const replaceSecret = (who: SignedIn, secretEnc: string) =>
  t.app.ctx.db
    .updateTable('user_two_factor')
    .set({ secret_enc: secretEnc })
    .where('user_id', '=', who.user._id)
    .execute();

const failuresOf = async (email: string) =>
  (await t.app.ctx.db.selectFrom('login_failures').select('id').where('email', '=', email).execute()).length;

const logLines = () =>
  t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a secret that can no longer be opened', () => {
  it('(JWT_SECRET changed) makes every code invalid, and the server log says why', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enableTwoFactor(t.app, who);
    await replaceSecret(who, sealSecret(`${t.app.ctx.config.jwtSecret}-before`, secret));
    const address = newAddress();
    const { challenge } = (await login(who, address)).json().data;
    const res = await secondStep(challenge, codeAt(secret, 1), address);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_CODE);
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        level: 50,
        service: 'account',
        userId: who.user._id,
        msg: 'A two-factor secret could not be decrypted (was JWT_SECRET changed?)',
      }),
    );
  });
});

describe('a challenge that outlived the two-factor it was made for', () => {
  // A sign-in checks that two-factor is on, then stores its challenge: turning it off in between (which deletes
  // the account's challenges) leaves this one behind, with no confirmed secret to check its code against.
  it.each([
    ['is off', false],
    ['is being set up again, not yet confirmed', true],
  ])('takes no code while two-factor %s', async (_what, settingUp) => {
    const who = await registerUser(t.app);
    const setup = settingUp
      ? await t.app.inject({
          method: 'POST',
          url: '/api/account/two-factor/setup',
          headers: bearer(who.token),
        })
      : null;
    const code = setup ? codeAt(setup.json().data.secret) : '123456';
    const challenge = await createLoginChallenge(t.app.ctx, who.user._id);
    const before = await liveSessionCount(t.app, who.user._id);
    const res = await secondStep(challenge, code, newAddress());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_CODE);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(before);
  });
});

describe('a fault while checking a code', () => {
  // A stored secret that opens but is no authenticator secret (not base32) stands in for any fault of the server:
  // it is the server's error, not a wrong code, so it costs the user neither a try nor a failed sign-in.
  const corrupt = (who: SignedIn) =>
    replaceSecret(who, sealSecret(t.app.ctx.config.jwtSecret, 'not a base32 secret!'));

  it('at sign-in is a server error and does not use up a try of the challenge', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enableTwoFactor(t.app, who);
    await corrupt(who);
    const address = newAddress();
    const { challenge } = (await login(who, address)).json().data;
    const res = await secondStep(challenge, codeAt(secret, 1), address);
    expect(res.statusCode).toBe(500);
    const row = await t.app.ctx.db
      .selectFrom('login_challenges')
      .select(['attempts', 'used_at'])
      .where('token_hash', '=', sha256(challenge))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 0, used_at: null });
    expect(await failuresOf(who.user.email)).toBe(0);
  });

  it('when confirming who is at the keyboard is a server error and not a failed sign-in', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enableTwoFactor(t.app, who);
    await corrupt(who);
    const res = await disable(who, codeAt(secret, 1), newAddress());
    expect(res.statusCode).toBe(500);
    expect(await failuresOf(who.user.email)).toBe(0);
  });
});

describe('wrong codes and the sign-in throttle', () => {
  it('a wrong code when confirming a change counts as a failed sign-in of the account', async () => {
    const who = await registerUser(t.app);
    await enableTwoFactor(t.app, who);
    const address = newAddress();
    const res = await disable(who, '000000', address);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_CODE);
    // That was one failure: the rest of the allowance goes on wrong passwords, then even the right one waits.
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await login(who, address, 'Not-The-Password-1')).statusCode, `failure ${i + 2}`).toBe(401);
    expect((await login(who, address)).statusCode).toBe(429);
  });
});

describe('the shape of a code', () => {
  it('an authenticator code typed with a space in the middle signs in', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enableTwoFactor(t.app, who);
    const address = newAddress();
    const { challenge } = (await login(who, address)).json().data;
    const code = codeAt(secret, 1);
    const res = await secondStep(challenge, `${code.slice(0, 3)} ${code.slice(3)}`, address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user._id).toBe(who.user._id);
  });
});

describe('old challenges', () => {
  it("a new sign-in clears the account's spent and expired challenges and keeps its own", async () => {
    const who = await registerUser(t.app);
    const { recoveryCodes } = await enableTwoFactor(t.app, who);
    const address = newAddress();
    const spent = (await login(who, address)).json().data.challenge as string;
    expect((await secondStep(spent, recoveryCodes[0]!, address)).statusCode).toBe(200);
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const stale = (await login(who, address)).json().data.challenge as string;
    clock.step(5 * 60_000 + 1);
    const fresh = (await login(who, address)).json().data.challenge as string;
    const rows = await t.app.ctx.db
      .selectFrom('login_challenges')
      .select('token_hash')
      .where('user_id', '=', who.user._id)
      .execute();
    expect(stale).not.toBe(fresh);
    expect(rows).toEqual([{ token_hash: sha256(fresh) }]);
  });
});

describe('an account deleted elsewhere', () => {
  it('signs out (401) a session this instance still remembers, rather than failing', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const who = await registerUser(t.app);
    // The session is remembered for a moment after a request; another instance deletes the account meanwhile.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(who.token) })).statusCode).toBe(200);
    await t.app.ctx.db.deleteFrom('users').where('id', '=', who.user._id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });
});
