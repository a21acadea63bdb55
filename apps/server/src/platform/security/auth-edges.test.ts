// The access check at its edges: the Authorization header's forms, a bad token where a CSRF token is asked
// for, the session's last-used time written at most every five minutes, and a session's end to the
// millisecond, for requests and for live connections (sessionEndsAt).
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  cookieHeader,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { accessTokens } from './access-token.ts';
import { sessionEndsAt } from './auth.ts';
import { ACCESS_COOKIE } from './cookies.ts';
import { ANONYMOUS, isValidCsrfToken } from './csrf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const sessionOf = (who: SignedIn) => decodeJwt(who.token).sid as string;
const sessionRow = (id: string) =>
  t.app.ctx.db
    .selectFrom('auth_sessions')
    .select(['last_used_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const setSessionExpiry = (id: string, at: string) =>
  t.app.ctx.db.updateTable('auth_sessions').set({ expires_at: at }).where('id', '=', id).execute();

/** A clock stopped now for this test, given back when it ends. */
function clockForTest() {
  const clock = controlledClock();
  onTestFinished(() => clock.restore());
  return clock;
}

describe('the Authorization header', () => {
  let who: SignedIn;
  beforeAll(async () => {
    who = await registerUser(t.app);
  });

  it.each([
    ['Bearer <token>', (token: string) => `Bearer ${token}`],
    ['bearer <token>, any case', (token: string) => `bEaReR ${token}`],
    ['Bearer <token> and more after a space', (token: string) => `Bearer ${token} trailing`],
  ])('accepts %s', async (_name, header) => {
    const res = await me({ authorization: header(who.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(who.user.email);
  });

  it.each([
    ['another scheme', (token: string) => `Basic ${token}`],
    ['another six-letter scheme', (token: string) => `Basic1 ${token}`],
    ['the scheme glued to the token', (token: string) => `Bearer${token}`],
    ['the scheme alone', () => 'Bearer'],
    ['two spaces before the token', (token: string) => `Bearer  ${token}`],
  ])('calls %s malformed', async (_name, header) => {
    const res = await me({ authorization: header(who.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'Malformed Authorization header' });
  });

  it('refuses a correctly signed token that names someone else’s session', async () => {
    const other = await registerUser(t.app);
    const crossed = await accessTokens(t.app.ctx.config.jwtSecret).sign({
      userId: who.user._id,
      sessionId: sessionOf(other),
    });
    const res = await me(bearer(crossed));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or expired access token');
    expect((await me(bearer(other.token))).statusCode).toBe(200);
  });

  it('asks for a token when there is none, and refuses one it did not sign', async () => {
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Access token required');
    const forged = await me(bearer(`${who.token.slice(0, -2)}xx`));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid or expired access token');
  });
});

describe('GET /api/csrf-token with a token that is no good', () => {
  it.each([
    ['a bearer token', { authorization: 'Bearer not-a-token' }],
    ['an access cookie', { cookie: cookieHeader({ [ACCESS_COOKIE]: 'not-a-token' }) }],
  ])('hands out an anonymous token for %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token', headers });
    expect(res.statusCode).toBe(200);
    expect(isValidCsrfToken(t.app.ctx.config.jwtSecret, res.json().csrfToken, ANONYMOUS)).toBe(true);
  });
});

describe('the last-used time of a session', () => {
  it('is written when more than five minutes have passed since, not at exactly five', async () => {
    const clock = clockForTest();
    const who = await registerUser(t.app);
    const id = sessionOf(who);
    const started = (await sessionRow(id)).last_used_at;

    clock.step(5 * 60 * 1000);
    expect((await me(bearer(who.token))).statusCode).toBe(200);
    expect((await sessionRow(id)).last_used_at).toBe(started);

    const later = clock.step(1);
    expect((await me(bearer(who.token))).statusCode).toBe(200);
    expect((await sessionRow(id)).last_used_at).toBe(later);
  });
});

describe('the end of a session', () => {
  it('lets a request in at the session’s last millisecond and refuses the next', async () => {
    const clock = clockForTest();
    const who = await registerUser(t.app);
    const id = sessionOf(who);
    // Past the one-second session cache, so the next request reads the new end.
    const end = new Date(Date.now() + 2000).toISOString();
    await setSessionExpiry(id, end);
    clock.step(2000);
    expect(new Date().toISOString()).toBe(end);
    expect((await me(bearer(who.token))).statusCode).toBe(200);
    clock.step(1);
    const refused = await me(bearer(who.token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid or expired access token');
  });

  it('is told to live connections: the end while live, null once ended, signed out or unknown', async () => {
    const clock = clockForTest();
    const who = await registerUser(t.app);
    const id = sessionOf(who);
    expect(await sessionEndsAt(t.app, id)).toBe(Date.parse((await sessionRow(id)).expires_at));

    const end = new Date(Date.now() + 2000).toISOString();
    await setSessionExpiry(id, end);
    clock.step(1999);
    expect(await sessionEndsAt(t.app, id)).toBe(Date.parse(end));
    clock.step(1);
    expect(await sessionEndsAt(t.app, id)).toBeNull();

    const other = await registerUser(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(other.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await sessionEndsAt(t.app, sessionOf(other))).toBeNull();
    expect(await sessionEndsAt(t.app, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
