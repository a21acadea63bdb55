import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  cookiesOf,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { describeDevice } from './devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Fresh-Master-2026!';

/** Signs the same account in again, from another device. */
async function signInAgain(who: SignedIn, userAgent: string, password = who.password) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: who.user.email, password },
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().data.token as string, cookies: cookiesOf(res) };
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const changePassword = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/account/password', headers: bearer(who.token), payload });
const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

describe('change password', () => {
  it('with the current password: the new one works, the old one fails, other sessions end, this one stays', async () => {
    const who = await registerUser(t.app);
    const laptop = await signInAgain(who, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15');
    const res = await changePassword(who, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Password changed. 1 other session was signed out.',
      data: { revoked: 1 },
    });
    expect((await me(who.token)).statusCode).toBe(200);
    expect((await me(laptop.token)).statusCode).toBe(401);
    // Its refresh token is no way back in (with the CSRF token it needs: a 403 without would prove nothing).
    const c = await csrf(t.app);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: {
        cookie: cookieHeader({ mixdesk_refresh: laptop.cookies.mixdesk_refresh!, mixdesk_csrf: c.cookie }),
        'x-xsrf-token': c.token,
      },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await loginStatus(who.user.email, GOOD_PASSWORD)).toBe(401);
    expect(await loginStatus(who.user.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a wrong current password with a 400 on that field and changes nothing', async () => {
    const who = await registerUser(t.app);
    const other = await signInAgain(who, 'curl/8.0');
    const res = await changePassword(who, { currentPassword: 'Wrong-Password-9', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Current password is incorrect',
      error: {
        code: 'BAD_REQUEST',
        details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    });
    expect(await loginStatus(who.user.email, GOOD_PASSWORD)).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it.each([
    [
      'a new password of 7 characters',
      { currentPassword: GOOD_PASSWORD, newPassword: 'qzmrP4!' },
      'at least 8',
    ],
    [
      'a new password of 257 characters',
      { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD.padEnd(257, 'x') },
      'at most 256',
    ],
    [
      'the same password again',
      { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD },
      'must be different',
    ],
    ['no current password', { newPassword: NEW_PASSWORD }, 'Current password is required'],
    [
      'a password that is not text',
      { currentPassword: GOOD_PASSWORD, newPassword: 12345678 },
      'must be text',
    ],
    [
      'an unknown key',
      { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirm: 'x' },
      'Unknown field',
    ],
  ])('refuses %s with a 400 and changes nothing', async (_what, payload, message) => {
    const who = await registerUser(t.app);
    const res = await changePassword(who, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await loginStatus(who.user.email, GOOD_PASSWORD)).toBe(200);
  });

  it.each([
    ['8', 'qzmrtP4!'],
    ['256', NEW_PASSWORD.padEnd(256, 'x')],
  ])('takes a new password of exactly %s characters', async (_length, newPassword) => {
    const who = await registerUser(t.app);
    const res = await changePassword(who, { currentPassword: GOOD_PASSWORD, newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(await loginStatus(who.user.email, newPassword)).toBe(200);
  });

  it('needs a signed-in user, and CSRF when signed in by cookie', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    const who = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie: cookieHeader({ mixdesk_access: who.cookies.mixdesk_access! }) },
      payload: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(await loginStatus(who.user.email, GOOD_PASSWORD)).toBe(200);
  });
});

describe('sessions', () => {
  const listSessions = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(token) })).json().data
      .sessions as { _id: string; device: string; current: boolean; ip: string; lastUsedAt: string }[];

  it('lists the live sessions with device, address and last use, the current one first', async () => {
    const who = await registerUser(t.app);
    await signInAgain(
      who,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1',
    );
    const sessions = await listSessions(who.token);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(sessions[1]).toMatchObject({ current: false, device: 'Safari on iPhone', ip: '127.0.0.1' });
    expect(Date.parse(sessions[1]!.lastUsedAt)).not.toBeNaN();
  });

  it('signs out one other session: it can no longer call the API', async () => {
    const who = await registerUser(t.app);
    const phone = await signInAgain(who, 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    const target = (await listSessions(who.token)).find((s) => !s.current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target._id}`,
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await me(who.token)).statusCode).toBe(200);
    expect(await listSessions(who.token)).toHaveLength(1);
  });

  it("cannot sign out someone else's session (404) and nothing changes", async () => {
    const who = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const theirs = (await listSessions(stranger.token))[0]!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${theirs._id}`,
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Session not found' });
    expect((await me(stranger.token)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-a-session',
      headers: bearer(who.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('signs out every other session at once', async () => {
    const who = await registerUser(t.app);
    const a = await signInAgain(who, 'A');
    const b = await signInAgain(who, 'B');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      headers: bearer(who.token),
    });
    expect(res.json()).toMatchObject({ success: true, data: { revoked: 2 } });
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(401);
    expect((await me(who.token)).statusCode).toBe(200);
  });

  it('signing out the current session clears its cookies', async () => {
    const who = await registerUser(t.app);
    const token = await csrf(t.app, { mixdesk_access: who.cookies.mixdesk_access! });
    const current = (await listSessions(who.token))[0]!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current._id}`,
      headers: {
        cookie: cookieHeader({ ...who.cookies, mixdesk_csrf: token.cookie }),
        'x-xsrf-token': token.token,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'mixdesk_access')?.value).toBe('');
    expect((await me(who.token)).statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others' })).statusCode,
    ).toBe(401);
  });
});

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      'Chrome on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
      'Edge on Windows',
    ],
    [null, 'Unknown device'],
    ['', 'Unknown device'],
  ])('%s is %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
