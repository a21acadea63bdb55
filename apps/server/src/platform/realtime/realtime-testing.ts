// Helpers for tests of the realtime endpoint: a listening app and socket.io-client sockets on it.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestApp } from '../../../test/helper.ts';

/** Starts the app on a free port; its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A connected socket with `token`, or the connection error. */
export function open(url: string, token?: string): Promise<Socket> {
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

/** The next `event` the socket receives. */
export const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, resolve));

/** Joins a project's room and waits until the server has let the socket in (its presence list arrives). */
export function join(
  socket: Socket,
  projectId: string,
): Promise<{ users: { userId: string; status: string }[] }> {
  return new Promise((resolve, reject) => {
    const onPresence = (p: { projectId: string; users: { userId: string; status: string }[] }) => {
      if (p.projectId !== projectId) return;
      done();
      resolve(p);
    };
    const onError = (e: { message: string }) => {
      done();
      reject(new Error(e.message));
    };
    const done = () => {
      socket.off('presence:update', onPresence);
      socket.off('error', onError);
    };
    socket.on('presence:update', onPresence);
    socket.on('error', onError);
    socket.emit('join:project', { projectId });
  });
}

/**
 * The transport's own tests send made-up events ('track:created', `{ n: 1 }`) to see where they arrive; areas
 * send through ctx.live, whose names and payloads the contract types (realtime-events.ts).
 */
export const untyped = (t: TestApp) =>
  t.app.realtime as unknown as {
    toProject(projectId: string, event: string, payload: unknown): void;
    toUser(userId: string, event: string, payload: unknown): void;
  };
