// What the accounts group's mutation run (2026-11-27, 95.5 %) found untested: a right password on a session
// wipes the failed sign-ins only when two-factor is off; account deletion runs the areas' handlers in reverse;
// a registration that loses a race gives its mail place back; a link replaced by one stamped earlier (the
// clock stepped back) still says it was replaced.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import type { UserDataHandler } from '../../platform/context.ts';
import { sha256 } from '../../platform/ids.ts';
import { enableTwoFactor } from '../account/two-factor-testing.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { EMAIL_TAKEN } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each test confirms from an address of its own, so failures counted in one do not hold up another. */
let lastOctet = 0;
const newAddress = () => {
  lastOctet += 1;
  return `203.0.113.${lastOctet}`;
};

const post = (url: string, who: SignedIn | null, payload: object | undefined, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(who ? { headers: bearer(who.token) } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const failuresOf = async (email: string) =>
  (await t.app.ctx.db.selectFrom('login_failures').select('id').where('email', '=', email).execute()).length;

describe('confirming the password on a session (confirm-identity.ts)', () => {
  it('without two-factor, the right password wipes the failed tries made before it', async () => {
    const who = await registerUser(t.app);
    const address = newAddress();
    for (let i = 0; i < 2; i++) {
      const wrong = await post(
        '/api/account/password',
        who,
        { currentPassword: 'Wrong-Password-9', newPassword: 'Fresh-Master-2026!' },
        address,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Current password is incorrect');
    }
    expect(await failuresOf(who.user.email)).toBe(2);
    const right = await post(
      '/api/account/password',
      who,
      { currentPassword: GOOD_PASSWORD, newPassword: 'Fresh-Master-2026!' },
      address,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(await failuresOf(who.user.email)).toBe(0);
  });

  it('with two-factor on, the right password keeps the wrong codes sent before it counted', async () => {
    const who = await registerUser(t.app);
    await enableTwoFactor(t.app, who);
    const address = newAddress();
    for (let i = 1; i <= 2; i++) {
      const res = await post(
        '/api/account/two-factor/recovery-codes',
        who,
        { password: GOOD_PASSWORD, code: 'abcde-abcde' },
        address,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('That recovery code is not valid.');
      // The password's try is given back; each wrong code stays, the first one too.
      expect(await failuresOf(who.user.email)).toBe(i);
    }
  });
});

describe('deleting an account (delete-account.ts)', () => {
  it("runs the areas' handlers in reverse order, those that build on others first", async () => {
    const who = await registerUser(t.app);
    const original = t.app.ctx.userData;
    const ran: string[] = [];
    t.app.ctx.userData = original.map(
      (handler): UserDataHandler => ({
        ...handler,
        deleteData: async (ctx, userId) => {
          if (userId === who.user._id) ran.push(handler.area);
          await handler.deleteData(ctx, userId);
        },
      }),
    );
    try {
      const res = await post('/api/account/delete', who, { email: who.user.email, password: GOOD_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.app.ctx.userData = original;
    }
    expect(original.length).toBeGreaterThan(1);
    expect(ran).toEqual(original.map((h) => h.area).reverse());
  });
});

describe("the address's mail budget (mail-budget.ts)", () => {
  it('registrations of one email at once: those that lose the race give their verification mail place back', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      ['First Take', 'Second Take', 'Third Take'].map((name) =>
        post('/api/auth/register', null, { name, email, password: GOOD_PASSWORD }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const lost of answers.filter((r) => r.statusCode === 409))
      expect(lost.json().message).toBe(EMAIL_TAKEN);
    const places = await t.app.ctx.db
      .selectFrom('address_mail_log')
      .select('kind')
      .where('address_hash', '=', sha256(email))
      .execute();
    expect(places).toEqual([{ kind: 'verify_email' }]);
  });
});

describe('a replaced link (one-time-tokens.ts)', () => {
  it('replaced by one stamped earlier (the clock stepped back) says it was replaced, not a 500', async () => {
    const who = await registerUser(t.app);
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const first = await createOneTimeToken(t.app.ctx, who.user._id, 'verify_email');
    clock.step(-1000);
    await createOneTimeToken(t.app.ctx, who.user._id, 'verify_email');
    const old = await post('/api/auth/verify-email', null, { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      'This verification link was replaced by a newer one: use the link in the latest email.',
    );
  });
});
