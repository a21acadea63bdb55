// A refresh token's life to the millisecond: it and its session last 30 days from the last refresh, each is
// refused one millisecond past its own end even while the other lives on, and a replayed token ends the
// session and is logged. Also what a session keeps of the client: the user agent, cut at 300 characters, or
// none at all.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  cookieHeader,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  liveSessionCount,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { sha256 } from '../../platform/ids.ts';
import { REFRESH_COOKIE, REFRESH_TTL_SECONDS } from '../../platform/security/cookies.ts';
import { CSRF_HEADER } from '../../platform/security/csrf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TTL_MS = REFRESH_TTL_SECONDS * 1000;

/** Trades a refresh token for the next, as a browser does: the cookie, with an anonymous CSRF token. */
async function refresh(refreshToken: string) {
  const token = await csrf(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: {
      cookie: cookieHeader({ [REFRESH_COOKIE]: refreshToken, mixdesk_csrf: token.cookie }),
      [CSRF_HEADER]: token.token,
    },
  });
  const next = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
  return { status: res.statusCode, message: res.json().message as string, next: next ?? '' };
}

const refreshTokenOf = (who: SignedIn) => who.cookies[REFRESH_COOKIE]!;
const sessionOf = (who: SignedIn) =>
  t.app.ctx.db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_id', '=', who.user._id)
    .executeTakeFirstOrThrow();

describe('how long a refresh token and its session last', () => {
  it('30 days from sign-in, to the millisecond, and 30 days again from each refresh', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const who = await registerUser(t.app);
    clock.step(TTL_MS);
    const first = await refresh(refreshTokenOf(who));
    expect(first.status).toBe(200);
    // The refresh moved both ends on: the new token and the session live 30 days from now.
    clock.step(TTL_MS);
    const second = await refresh(first.next);
    expect(second.status).toBe(200);
    clock.step(TTL_MS + 1);
    const late = await refresh(second.next);
    expect(late.status).toBe(401);
    expect(late.message).toBe('Your session has expired. Please log in again.');
  });

  it('a token past its own end is refused though its session lives on', async () => {
    const who = await registerUser(t.app);
    const hash = sha256(refreshTokenOf(who));
    const past = new Date(Date.now() - 1).toISOString();
    await t.app.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: past })
      .where('token_hash', '=', hash)
      .execute();
    expect((await refresh(refreshTokenOf(who))).status).toBe(401);
  });

  it('a session past its end is refused though its token lives on', async () => {
    const who = await registerUser(t.app);
    const past = new Date(Date.now() - 1).toISOString();
    await t.app.ctx.db
      .updateTable('auth_sessions')
      .set({ expires_at: past })
      .where('user_id', '=', who.user._id)
      .execute();
    expect((await refresh(refreshTokenOf(who))).status).toBe(401);
  });
});

describe('a refresh token presented again', () => {
  it('ends the whole session, and the server log says so with the session', async () => {
    const who = await registerUser(t.app);
    const { id: sessionId } = await sessionOf(who);
    const first = await refresh(refreshTokenOf(who));
    expect(first.status).toBe(200);
    const replay = await refresh(refreshTokenOf(who));
    expect(replay.status).toBe(401);
    expect(await liveSessionCount(t.app, who.user._id)).toBe(0);
    expect((await refresh(first.next)).status).toBe(401);
    const line = t
      .logs()
      .split('\n')
      .find((l) => l.includes('Refresh token reused: session revoked'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ service: 'auth', sessionId, level: 40 });
  });
});

describe('what a session keeps of the client', () => {
  it('the user agent, cut at 300 characters', async () => {
    const who = await registerUser(t.app);
    const agent = `Mozilla/5.0 (X11; Linux x86_64) ${'Studio'.repeat(100)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': agent },
      payload: { email: who.user.email, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const kept = await t.app.ctx.db
      .selectFrom('auth_sessions')
      .select('user_agent')
      .where('user_id', '=', who.user._id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(kept.map((k) => k.user_agent)).toContain(agent.slice(0, 300));
  });

  it('a client that sends no user agent signs in, and its device is unknown', async () => {
    const who = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ email: who.user.email, password: GOOD_PASSWORD });
    // node:http sends no User-Agent unless told to (inject and fetch always do).
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST' }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.setHeader('content-type', 'application/json');
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status, answer.body).toBe(200);
    const token = JSON.parse(answer.body).data.token as string;
    const sessions = await t.app.inject({
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    const current = sessions.json().data.sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Unknown device' });
  });
});
