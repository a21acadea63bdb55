import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/helper.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function open(url: string, token?: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

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
      t.app.realtime.toUser(s.user._id, 'notification:new', { message: 'Mix v3 is ready' });
      expect(await got).toEqual({ message: 'Mix v3 is ready' });
    } finally {
      socket.close();
    }
  });

  it('refuses to join a project the user cannot see', async () => {
    const s = await registerUser(t.app);
    const socket = await open(url, s.token);
    try {
      const error = next<{ message: string }>(socket, 'error');
      socket.emit('join:project', { projectId: 'no-such-project' });
      expect((await error).message).toBe('Project not found');
    } finally {
      socket.close();
    }
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
      b.app.realtime.toUser(s.user._id, 'activity:new', { id: 7 });
      expect(await got).toEqual({ id: 7 });
      socket.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
