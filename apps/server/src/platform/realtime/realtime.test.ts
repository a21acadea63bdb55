import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, registerUser, type TestApp } from '../../../test/helper.ts';
import { forgetSession } from '../security/session-cache.ts';
import { join, listen, next, open, untyped } from './realtime-testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Another signed-in session (device) of the same account. */
async function signInAgain(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: GOOD_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

/** The socket still receives what is sent to its user (a closed one would wait forever: the test times out). */
async function stillReceives(t: TestApp, socket: Socket, userId: string): Promise<void> {
  const got = next<{ message: string }>(socket, 'notification:new');
  untyped(t).toUser(userId, 'notification:new', { message: 'still here' });
  expect(await got).toEqual({ message: 'still here' });
}

describe('realtime endpoint', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a connection without a token, and with a bad one', async () => {
    await expect(open(url)).rejects.toThrow('Access token required');
    await expect(open(url, 'not.a.token')).rejects.toThrow('Invalid or expired access token');
  });

  it('accepts the access token and delivers events sent to the user', async () => {
    const s = await registerUser(t.app);
    const socket = await open(url, s.token);
    try {
      const got = next<{ message: string }>(socket, 'notification:new');
      untyped(t).toUser(s.user._id, 'notification:new', { message: 'Mix v3 is ready' });
      expect(await got).toEqual({ message: 'Mix v3 is ready' });
    } finally {
      socket.close();
    }
  });

  it('refuses to join a project the user cannot see: malformed, unknown, or someone else’s', async () => {
    const s = await registerUser(t.app);
    const other = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(other.token),
      payload: { title: 'Not Yours' },
    });
    const theirs: string = created.json().data.project._id;
    const socket = await open(url, s.token);
    try {
      const heard: unknown[] = [];
      socket.on('track:created', (p) => heard.push(p));
      for (const projectId of ['no-such-project', '0190f5c2-0000-7000-8000-000000000000', theirs]) {
        const error = next<{ message: string }>(socket, 'error');
        socket.emit('join:project', { projectId });
        expect((await error).message).toBe('Project not found');
      }
      // Nothing of their project reaches this socket: a message to its own user, sent after, does.
      untyped(t).toProject(theirs, 'track:created', { n: 1 });
      await stillReceives(t, socket, s.user._id);
      expect(heard).toEqual([]);
    } finally {
      socket.close();
    }
  });

  describe('signing out closes the live connections of the sessions it ends', () => {
    it("sign-out closes that session's socket and no other; its token cannot connect again", async () => {
      const s = await registerUser(t.app);
      const other = await signInAgain(t, s.user.email);
      const signedOut = await open(url, s.token);
      const stays = await open(url, other);
      try {
        const closed = next<string>(signedOut, 'disconnect');
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token) });
        expect(res.statusCode).toBe(200);
        expect(await closed).toBe('io server disconnect');
        await stillReceives(t, stays, s.user._id);
        await expect(open(url, s.token)).rejects.toThrow('Invalid or expired access token');
      } finally {
        signedOut.close();
        stays.close();
      }
    });

    it("'sign out other sessions' closes the others' sockets and keeps the caller's", async () => {
      const s = await registerUser(t.app);
      const phone = await signInAgain(t, s.user.email);
      const laptop = await signInAgain(t, s.user.email);
      const mine = await open(url, s.token);
      const others = [await open(url, phone), await open(url, laptop)];
      try {
        const closed = others.map((socket) => next<string>(socket, 'disconnect'));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/account/sessions/sign-out-others',
          headers: bearer(s.token),
        });
        expect(res.statusCode).toBe(200);
        expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
        await stillReceives(t, mine, s.user._id);
      } finally {
        mine.close();
        for (const socket of others) socket.close();
      }
    });

    it("signing one device out from the sessions list closes only that device's socket", async () => {
      const s = await registerUser(t.app);
      const phone = await signInAgain(t, s.user.email);
      const mine = await open(url, s.token);
      const phoneSocket = await open(url, phone);
      try {
        const list = await t.app.inject({ url: '/api/account/sessions', headers: bearer(s.token) });
        const target = (list.json().data.sessions as Array<{ _id: string; current: boolean }>).find(
          (x) => !x.current,
        );
        expect(target).toBeDefined();
        const closed = next<string>(phoneSocket, 'disconnect');
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/account/sessions/${target!._id}`,
          headers: bearer(s.token),
        });
        expect(res.statusCode).toBe(200);
        expect(await closed).toBe('io server disconnect');
        await stillReceives(t, mine, s.user._id);
      } finally {
        mine.close();
        phoneSocket.close();
      }
    });
  });

  describe('a session that expires closes its live connections', () => {
    /** Moves the end of the user's only session to `at` (ms since the epoch), as time passing would. */
    async function sessionEndsAt(userId: string, at: number): Promise<void> {
      const row = await t.app.ctx.db
        .updateTable('auth_sessions')
        .set({ expires_at: new Date(at).toISOString() })
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirstOrThrow();
      forgetSession(row.id);
    }

    it('closes the socket when its session runs out, not before; the token cannot connect again', async () => {
      const s = await registerUser(t.app);
      const endsAt = Date.now() + 1500;
      await sessionEndsAt(s.user._id, endsAt);
      const socket = await open(url, s.token);
      try {
        expect(await next<string>(socket, 'disconnect')).toBe('io server disconnect');
        expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
        await expect(open(url, s.token)).rejects.toThrow('Invalid or expired access token');
      } finally {
        socket.close();
      }
    });

    it('a session extended meanwhile (a refresh) keeps its socket until the new end', async () => {
      const s = await registerUser(t.app);
      await sessionEndsAt(s.user._id, Date.now() + 600);
      const socket = await open(url, s.token);
      try {
        const closed = next<string>(socket, 'disconnect');
        // The check at the first end finds this one and waits again; the one at this end closes the socket.
        const extendedTo = Date.now() + 2000;
        await sessionEndsAt(s.user._id, extendedTo);
        expect(await closed).toBe('io server disconnect');
        expect(Date.now()).toBeGreaterThanOrEqual(extendedTo);
      } finally {
        socket.close();
      }
    });
  });
});

describe('scaled out through Redis', () => {
  it('an event emitted on one instance reaches a socket connected to another', async () => {
    const a = await createTestApp({ redisUrl: REDIS_URL });
    // The second instance only emits here; like instances behind a balancer, it shares the secret.
    const b = await createTestApp({ redisUrl: REDIS_URL, jwtSecret: a.config.jwtSecret });
    try {
      const s = await registerUser(a.app);
      const socket = await open(await listen(a), s.token);
      await listen(b);
      const got = next<{ id: number }>(socket, 'activity:new');
      untyped(b).toUser(s.user._id, 'activity:new', { id: 7 });
      expect(await got).toEqual({ id: 7 });
      // A session signed out through another instance loses its socket here too.
      const closed = next<string>(socket, 'disconnect');
      const session = (await a.app.inject({ url: '/api/account/sessions', headers: bearer(s.token) })).json()
        .data.sessions[0]._id as string;
      b.app.realtime.endSessions({ sessionId: session });
      expect(await closed).toBe('io server disconnect');
      socket.close();
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("a project's room is left, and closed, on every instance", async () => {
    const a = await createTestApp({ redisUrl: REDIS_URL });
    const b = await createTestApp({ redisUrl: REDIS_URL, jwtSecret: a.config.jwtSecret });
    try {
      const s = await registerUser(a.app);
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(s.token),
        payload: { title: 'Shared Room' },
      });
      const projectId: string = created.json().data.project._id;
      const socket = await open(await listen(a), s.token);
      await listen(b);
      const heard: unknown[] = [];
      const inRoom = async () => {
        await join(socket, projectId);
        const got = next(socket, 'track:created');
        untyped(b).toProject(projectId, 'track:created', { n: 1 });
        expect(await got).toEqual({ n: 1 });
      };
      /** Nothing sent to the room from B reaches the socket on A (a message to its user, sent after, does). */
      const outOfRoom = async () => {
        socket.on('track:created', (p) => heard.push(p));
        untyped(b).toProject(projectId, 'track:created', { n: 2 });
        const marker = next(socket, 'activity:new');
        untyped(b).toUser(s.user._id, 'activity:new', { id: 9 });
        await marker;
        socket.off('track:created');
        expect(heard).toEqual([]);
      };
      await inRoom();
      b.app.realtime.leaveProject(s.user._id, projectId);
      await outOfRoom();
      await inRoom();
      b.app.realtime.closeProject(projectId);
      await outOfRoom();
      socket.close();
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("an instance shutting down cuts its own sockets so that they reconnect, not the other instances'", async () => {
    const a = await createTestApp({ redisUrl: REDIS_URL });
    const b = await createTestApp({ redisUrl: REDIS_URL, jwtSecret: a.config.jwtSecret });
    let bClosed = false;
    try {
      const s = await registerUser(a.app);
      const onA = await open(await listen(a), s.token);
      const onB = await open(await listen(b), s.token);
      const aEnded = next<string>(onA, 'disconnect');
      const bEnded = next<string>(onB, 'disconnect');
      await b.close();
      bClosed = true;
      // As a lost connection, which a client reconnects from by itself (to an instance that is up), not
      // as Socket.IO's "io server disconnect", after which it would wait to be told.
      expect(await bEnded).toBe('transport close');
      expect(await Promise.race([aEnded, Promise.resolve('still connected')])).toBe('still connected');
      // The survivor still delivers to its socket.
      const got = next<{ id: number }>(onA, 'activity:new');
      untyped(a).toUser(s.user._id, 'activity:new', { id: 8 });
      expect(await got).toEqual({ id: 8 });
      expect(onA.connected).toBe(true);
      onA.close();
    } finally {
      if (!bClosed) await b.close();
      await a.close();
    }
  });
});
