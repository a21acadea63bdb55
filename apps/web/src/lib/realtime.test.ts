/// <reference types="node" />
// The realtime client against a real Socket.IO server on a random port (SPEC §4 Realtime, §7 Realtime socket).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { jobFixture } from './job-fixture';
import { createRealtime, type Realtime, SOCKET_OPTIONS } from './realtime';

interface Seen {
  auth: unknown[];
  events: Array<[string, unknown]>;
  sockets: Socket[];
}

let cleanups: Array<() => Promise<void> | void> = [];

async function startServer(refuse?: () => Error | null) {
  const http = createServer();
  const io = new Server(http);
  const seen: Seen = { auth: [], events: [], sockets: [] };
  // As the server's authentication middleware does: a refusal reaches the client as a connect_error.
  if (refuse) io.use((_socket, next) => next(refuse() ?? undefined));
  io.on('connection', (socket) => {
    seen.auth.push(socket.handshake.auth);
    seen.sockets.push(socket);
    socket.onAny((event: string, payload: unknown) => seen.events.push([event, payload]));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, seen };
}

function track(realtime: Realtime) {
  cleanups.push(() => realtime.disconnect());
  return realtime;
}

/** Resolves once the realtime state satisfies `check`. */
function until(realtime: Realtime, check: (state: ReturnType<Realtime['getState']>) => boolean) {
  return new Promise<void>((resolve, reject) => {
    if (check(realtime.getState())) return resolve();
    const timer = setTimeout(() => reject(new Error('realtime state never matched')), 3000);
    const off = realtime.subscribe(() => {
      if (!check(realtime.getState())) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('realtime connection', () => {
  it('uses the spec reconnection settings, websocket first with polling as fallback', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      timeout: 20000,
    });
  });

  it('does not connect without a stored token', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => null }));
    realtime.connect();
    await new Promise((r) => setTimeout(r, 200));
    expect(server.seen.sockets).toHaveLength(0);
    expect(realtime.getState().status).toBe('disconnected');
  });

  it('connects with the stored token as auth and reports connected', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    expect(server.seen.auth).toEqual([{ token: 'token-1' }]);
  });

  it('joining a project emits join:project and takes in presence updates', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    realtime.joinProject('p1');
    await waitFor(() => server.seen.events.some(([event]) => event === 'join:project'));
    expect(server.seen.events).toContainEqual(['join:project', { projectId: 'p1' }]);
    server.seen.sockets[0]?.emit('presence:update', {
      projectId: 'p1',
      users: [{ userId: 'u2', status: 'online', lastSeen: '2026-01-01' }],
    });
    await until(realtime, (s) => s.presence.length === 1);
    expect(realtime.getState()).toMatchObject({ currentProjectId: 'p1', presence: [{ userId: 'u2' }] });
    // Another project's list (one this connection only watches) is not the open project's presence, and a
    // malformed status change (no project) changes nothing; events arrive in order, so once the last one
    // shows, the two before it were read and dropped.
    server.seen.sockets[0]?.emit('presence:update', {
      projectId: 'p9',
      users: [{ userId: 'u9', status: 'online', lastSeen: '2026-01-01' }],
    });
    server.seen.sockets[0]?.emit('user:status:changed', { userId: 'u2', status: 'busy' });
    server.seen.sockets[0]?.emit('user:status:changed', { projectId: 'p1', userId: 'u2', status: 'away' });
    await until(realtime, (s) => s.presence[0]?.status === 'away');
    expect(realtime.getState().presence).toEqual([{ userId: 'u2', status: 'away', lastSeen: '2026-01-01' }]);
    server.seen.sockets[0]?.emit('user:left', { projectId: 'p1', userId: 'u2' });
    await until(realtime, (s) => s.presence.length === 0);
  });

  it('leaving the project emits leave:project and clears the project and the presence list', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    realtime.joinProject('p1');
    server.seen.sockets[0]?.emit('user:joined', { projectId: 'p1', userId: 'u2' });
    await until(realtime, (s) => s.presence.length === 1);
    realtime.leaveProject();
    expect(realtime.getState()).toMatchObject({ currentProjectId: null, presence: [] });
    await waitFor(() => server.seen.events.some(([event]) => event === 'leave:project'));
    expect(server.seen.events).toContainEqual(['leave:project', { projectId: 'p1' }]);
  });

  it('watching another project joins its room, hands out its job updates, and leaves when released', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    const got: unknown[] = [];
    const off = realtime.onJobUpdated((payload) => got.push(payload));
    const release = realtime.watchProject('p9');
    await waitFor(() => server.seen.events.some(([event]) => event === 'join:project'));
    expect(server.seen.events).toContainEqual(['join:project', { projectId: 'p9' }]);
    // Watching is not opening: the open project and its presence stay as they were.
    expect(realtime.getState().currentProjectId).toBeNull();
    // A payload the contract cannot read is dropped, not handed out half-formed.
    server.seen.sockets[0]?.emit('job:updated', { _id: 'j0', projectId: 'p9', progress: 0.5 });
    server.seen.sockets[0]?.emit('job:updated', jobFixture({ projectId: 'p9', progress: 0.5 }));
    await waitFor(() => got.length === 1);
    expect(got[0]).toMatchObject({ _id: 'j1', progress: 0.5 });
    release();
    release(); // twice is once
    await waitFor(() => server.seen.events.some(([event]) => event === 'leave:project'));
    expect(server.seen.events.filter(([event]) => event === 'leave:project')).toEqual([
      ['leave:project', { projectId: 'p9' }],
    ]);
    off();
  });

  it('releasing a watched project that is also the open one does not leave its room', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    realtime.joinProject('p1');
    const release = realtime.watchProject('p1');
    release();
    realtime.watchProject('p2');
    await waitFor(() =>
      server.seen.events.some(([, payload]) => (payload as { projectId?: string })?.projectId === 'p2'),
    );
    expect(server.seen.events.filter(([event]) => event === 'leave:project')).toEqual([]);
  });

  it('a disconnect empties the presence list and reports disconnected', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    realtime.joinProject('p1');
    server.seen.sockets[0]?.emit('presence:update', {
      projectId: 'p1',
      users: [{ userId: 'u2', status: 'online', lastSeen: 1 }],
    });
    await until(realtime, (s) => s.presence.length === 1);
    server.seen.sockets[0]?.disconnect(true);
    await until(realtime, (s) => s.status === 'disconnected');
    expect(realtime.getState().presence).toEqual([]);
  });

  it('tells when the server closed the connection, and reconnect brings it back', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    let closed = 0;
    const off = realtime.onClosedByServer(() => {
      closed += 1;
    });
    cleanups.push(off);
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    server.seen.sockets[0]?.disconnect(true);
    await until(realtime, (s) => s.status === 'disconnected');
    expect(closed).toBe(1);

    realtime.reconnect();
    await until(realtime, (s) => s.status === 'connected');
    expect(server.seen.sockets).toHaveLength(2);
    expect(server.seen.auth[1]).toEqual({ token: 'token-1' });
  });

  it('a dropped transport is not reported as closed by the server: Socket.IO reconnects by itself', async () => {
    const server = await startServer();
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    let closed = 0;
    cleanups.push(
      realtime.onClosedByServer(() => {
        closed += 1;
      }),
    );
    realtime.connect();
    await until(realtime, (s) => s.status === 'connected');
    // The connection drops without a goodbye, as on a network change.
    server.seen.sockets[0]?.conn.close();
    await until(realtime, (s) => s.status === 'disconnected');
    await until(realtime, (s) => s.status === 'connected');
    expect(server.seen.sockets).toHaveLength(2);
    expect(closed).toBe(0);
  });

  it('tries again after a refusal for a passing reason (the database not answering), and not after a refused token', async () => {
    let refusing: string | null = 'SERVICE_UNAVAILABLE';
    let refused = 0;
    const server = await startServer(() => {
      if (!refusing) return null;
      refused += 1;
      return Object.assign(new Error('The database is not answering. Try again in a moment.'), {
        data: { code: refusing },
      });
    });
    const realtime = track(createRealtime({ url: server.url, getToken: () => 'token-1' }));
    realtime.connect();
    await waitFor(() => refused === 2);
    expect(realtime.getState().status).toBe('disconnected');
    refusing = null;
    await until(realtime, (s) => s.status === 'connected');
    expect(server.seen.sockets).toHaveLength(1);

    // A token the server refuses is not tried again and again.
    realtime.disconnect();
    refusing = 'UNAUTHORIZED';
    refused = 0;
    realtime.connect();
    await waitFor(() => refused === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(refused).toBe(1);
  });
});
