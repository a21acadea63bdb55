// The failed sign-in throttle (throttle.ts, decision 003): per email and address, and per address across every
// email, both over a 15-minute window. Tested at the edges: the last allowed attempt and the first refused one,
// the exact moment the window lets the oldest failure go, and the reset a successful sign-in brings. The clock
// is moved by hand (test/clock.ts), so the edges are exact and no test sleeps.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, registerUser, type TestApp, uniqueEmail } from '../../../test/helper.ts';
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS } from './throttle.ts';

/** Decision 003: failed sign-ins count for 15 minutes. */
const WINDOW_MS = 15 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each test signs in from an address of its own, so the per-address count of one never reaches another. */
let lastOctet = 0;
const newAddress = () => {
  lastOctet += 1;
  return `198.51.100.${lastOctet}`;
};

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
const fail = async (email: string, remoteAddress: string, label: string) => {
  const res = await signIn(email, 'Not-The-Password-1', remoteAddress);
  expect(res.statusCode, label).toBe(401);
};

describe('failed sign-ins for one email from one address', () => {
  it(`answers the ${LOGIN_MAX_FAILURES}th failure and refuses the next attempt until the oldest failure is 15 minutes old`, async () => {
    const who = await registerUser(t.app);
    const address = newAddress();
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    // One failure every 10 seconds, the first at 0 s.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await fail(who.user.email, address, `failure ${i + 1}`);
      clock.step(10_000);
    }
    // At 100 s the next attempt waits until the oldest failure leaves the window: 900 - 100 seconds.
    const held = await signIn(who.user.email, who.password, address);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('800');
    expect(held.json()).toMatchObject({
      success: false,
      message: 'Too many failed sign-in attempts for this account. Try again in 14 minutes.',
      error: { code: 'RATE_LIMITED' },
    });

    clock.step(WINDOW_MS - 100_000 - 1);
    const lastMoment = await signIn(who.user.email, who.password, address);
    expect(lastMoment.statusCode).toBe(429);
    expect(lastMoment.headers['retry-after']).toBe('1');

    clock.step(1);
    const free = await signIn(who.user.email, who.password, address);
    expect(free.statusCode, free.body).toBe(200);
  });

  it('a successful sign-in starts the count again', async () => {
    const who = await registerUser(t.app);
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await fail(who.user.email, address, `before ${i + 1}`);
    expect((await signIn(who.user.email, who.password, address)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(who.user.email, address, `after ${i + 1}`);
    expect((await signIn(who.user.email, who.password, address)).statusCode).toBe(429);
  });

  it("signing in from another address does not clear this address's failures", async () => {
    const who = await registerUser(t.app);
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await fail(who.user.email, address, `failure ${i + 1}`);
    expect((await signIn(who.user.email, who.password, newAddress())).statusCode).toBe(200);
    await fail(who.user.email, address, `failure ${LOGIN_MAX_FAILURES}`);
    expect((await signIn(who.user.email, who.password, address)).statusCode).toBe(429);
  });
});

describe('failed sign-ins from one address across emails', () => {
  it('the address waits until its oldest failure is 15 minutes old, to the millisecond', async () => {
    const who = await registerUser(t.app);
    const address = newAddress();
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    // One guess a second, the first at 0 s.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      await fail(uniqueEmail(`spray${i}`), address, `guess ${i + 1}`);
      clock.step(1000);
    }
    clock.step(60_000 - LOGIN_MAX_FAILURES_PER_ADDRESS * 1000);
    const held = await signIn(who.user.email, who.password, address);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('840');
    expect(held.json().message).toBe(
      'Too many failed sign-in attempts from this address. Try again in 14 minutes.',
    );

    clock.step(WINDOW_MS - 60_000 - 1);
    expect((await signIn(who.user.email, who.password, address)).statusCode).toBe(429);
    clock.step(1);
    expect((await signIn(who.user.email, who.password, address)).statusCode).toBe(200);
  });
});
