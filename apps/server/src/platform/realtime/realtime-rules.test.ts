// The realtime endpoint's rules: rooms follow access (a removed collaborator, a deleted project), every client
// payload is checked against the contract, and one socket's flood is throttled without harm to anyone else.
import { REALTIME_TOO_MANY_EVENTS } from '@mixdesk/contract/realtime';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember, invite, verifyUser } from '../../../test/invitations.ts';
import { SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND } from './realtime.ts';
import { join, listen, next, open, untyped } from './realtime-testing.ts';

let t: TestApp;
let url: string;
let owner: SignedIn;
let collaborator: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  owner = await registerUser(t.app, { name: 'Olive Owner' });
  collaborator = await registerUser(t.app, { name: 'Cole Collaborator' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function connect(who: SignedIn): Promise<Socket> {
  const socket = await open(url, who.token);
  sockets.push(socket);
  return socket;
}

async function sharedProject(): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Live Room' },
  });
  expect(created.statusCode).toBe(201);
  const projectId: string = created.json().data.project._id;
  await addMember(t.app, owner.token, projectId, collaborator, { permission: 'edit' });
  return projectId;
}

/** Every `event` the socket receives from now on. */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/**
 * Waits until what was sent to the socket's project rooms before now has reached it: a message to its user
 * is sent after, and one socket's messages arrive in order.
 */
async function settled(socket: Socket, userId: string): Promise<void> {
  const marker = next(socket, 'test:marker');
  untyped(t).toUser(userId, 'test:marker', {});
  await marker;
}

describe('rooms follow access', () => {
  it("a removed collaborator's sockets stop receiving the project's events at once; the owner's do not", async () => {
    const projectId = await sharedProject();
    const mine = await connect(owner);
    const laptop = await connect(collaborator);
    const phone = await connect(collaborator);
    for (const socket of [mine, laptop, phone]) await join(socket, projectId);
    const before = [mine, laptop, phone].map((s) => next(s, 'track:created'));
    untyped(t).toProject(projectId, 'track:created', { n: 1 });
    expect(await Promise.all(before)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);

    const heard = [record(laptop, 'track:created'), record(phone, 'track:created')];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/collaborators/${collaborator.user._id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    const ownerHears = next(mine, 'track:created');
    untyped(t).toProject(projectId, 'track:created', { n: 2 });
    expect(await ownerHears).toEqual({ n: 2 });
    await Promise.all([settled(laptop, collaborator.user._id), settled(phone, collaborator.user._id)]);
    expect(heard).toEqual([[], []]);
    // Nor can they come back in.
    const refused = next<{ message: string }>(laptop, 'error');
    laptop.emit('join:project', { projectId });
    expect(await refused).toEqual({ message: 'Project not found' });
  });

  it('a collaborator who leaves a project stops receiving its events', async () => {
    const projectId = await sharedProject();
    const theirs = await connect(collaborator);
    await join(theirs, projectId);
    const heard = record(theirs, 'track:created');
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/collaborators/${collaborator.user._id}`,
      headers: bearer(collaborator.token),
    });
    expect(left.statusCode).toBe(200);
    untyped(t).toProject(projectId, 'track:created', { n: 3 });
    await settled(theirs, collaborator.user._id);
    expect(heard).toEqual([]);
  });

  it('a stranger cannot join a real project, and hears nothing of it', async () => {
    const projectId = await sharedProject();
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const outsider = await connect(stranger);
    const heard = record(outsider, 'track:created');
    const refused = next<{ message: string }>(outsider, 'error');
    outsider.emit('join:project', { projectId });
    expect(await refused).toEqual({ message: 'Project not found' });
    untyped(t).toProject(projectId, 'track:created', { n: 4 });
    await settled(outsider, stranger.user._id);
    expect(heard).toEqual([]);
  });

  it('an invitee cannot join before accepting, nor once the invitation is revoked; after accepting they can', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Invite Only' },
    });
    const projectId: string = created.json().data.project._id;
    const [waiting, revoked] = [
      await registerUser(t.app, { name: 'Wanda Waiting' }),
      await registerUser(t.app, { name: 'Rory Revoked' }),
    ];
    await verifyUser(t.app, waiting);
    const waitingId = await invite(t.app, owner.token, projectId, waiting.user.email, { permission: 'edit' });
    const revokedId = await invite(t.app, owner.token, projectId, revoked.user.email);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/invitations/${revokedId}`,
      headers: bearer(owner.token),
    });
    expect(gone.statusCode).toBe(200);
    for (const who of [waiting, revoked]) {
      const socket = await connect(who);
      const heard = record(socket, 'track:created');
      const refused = next<{ message: string }>(socket, 'error');
      socket.emit('join:project', { projectId });
      expect(await refused).toEqual({ message: 'Project not found' });
      untyped(t).toProject(projectId, 'track:created', { n: 5 });
      await settled(socket, who.user._id);
      expect(heard).toEqual([]);
    }
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${waitingId}/accept`,
      headers: bearer(waiting.token),
    });
    expect(accepted.statusCode).toBe(200);
    const socket = await connect(waiting);
    await join(socket, projectId);
    const hears = next(socket, 'track:created');
    untyped(t).toProject(projectId, 'track:created', { n: 6 });
    expect(await hears).toEqual({ n: 6 });
  });

  it('a collaborator removed through an upper-case id in the URL stops receiving the project’s events too', async () => {
    const projectId = await sharedProject();
    const theirs = await connect(collaborator);
    await join(theirs, projectId);
    const heard = record(theirs, 'track:created');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/collaborators/${collaborator.user._id.toUpperCase()}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    untyped(t).toProject(projectId, 'track:created', { n: 7 });
    await settled(theirs, collaborator.user._id);
    expect(heard).toEqual([]);
  });

  it('leave:project for a room the socket is not in changes nothing and tells nobody', async () => {
    const projectId = await sharedProject();
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const member = await connect(collaborator);
    await join(member, projectId);
    const left = record(member, 'user:left');
    const outsider = await connect(stranger);
    outsider.emit('leave:project', { projectId });
    // The owner joining after it: its presence reaches the member, so the stranger's event was handled first.
    const ownerSocket = await connect(owner);
    const joined = next(member, 'user:joined');
    ownerSocket.emit('join:project', { projectId });
    await joined;
    await settled(member, collaborator.user._id);
    expect(left).toEqual([]);
  });

  it("a deleted project's room is emptied: nobody receives its events any more", async () => {
    const projectId = await sharedProject();
    const mine = await connect(owner);
    const theirs = await connect(collaborator);
    for (const socket of [mine, theirs]) await join(socket, projectId);
    const heard = [record(mine, 'track:created'), record(theirs, 'track:created')];
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    untyped(t).toProject(projectId, 'track:created', { n: 4 });
    await Promise.all([settled(mine, owner.user._id), settled(theirs, collaborator.user._id)]);
    expect(heard).toEqual([[], []]);
  });
});

describe('client payloads are checked against the contract', () => {
  it.each([
    ['nothing', undefined, 'A project id is required'],
    ['a number', 42, 'A project id is required'],
    ['an object without projectId', {}, 'A project id is required'],
    ['a numeric projectId', { projectId: 42 }, 'A project id is required'],
    ['an overlong id', 'p'.repeat(101), 'That is not a project id'],
  ])('join:project with %s gets an error that says why', async (_what, payload, message) => {
    const socket = await connect(owner);
    const error = next<{ message: string }>(socket, 'error');
    socket.emit('join:project', payload);
    expect(await error).toEqual({ message });
  });

  it('leave:project with a malformed payload gets an error', async () => {
    const socket = await connect(owner);
    const error = next<{ message: string }>(socket, 'error');
    socket.emit('leave:project', { projectId: ['x'] });
    expect(await error).toEqual({ message: 'A project id is required' });
  });

  it('join:project still takes a plain string id', async () => {
    const projectId = await sharedProject();
    const socket = await connect(owner);
    const presence = next<{ projectId: string }>(socket, 'presence:update');
    socket.emit('join:project', projectId);
    expect((await presence).projectId).toBe(projectId);
  });

  it('a malformed presence:update gets an error and changes nothing', async () => {
    const projectId = await sharedProject();
    const watcher = await connect(owner);
    const sender = await connect(collaborator);
    for (const socket of [watcher, sender]) await join(socket, projectId);
    const changes = record<{ userId: string; status: string }>(watcher, 'user:status:changed');
    for (const [payload, message] of [
      [{ status: 'asleep' }, 'Status must be one of: online, away, busy'],
      ['away', 'Send { status }, one of: online, away, busy'],
      [undefined, 'Send { status }, one of: online, away, busy'],
    ] as const) {
      const error = next<{ message: string }>(sender, 'error');
      sender.emit('presence:update', payload);
      expect(await error).toEqual({ message });
    }
    await settled(watcher, owner.user._id);
    expect(changes).toEqual([]);
    const { users } = await join(watcher, projectId);
    expect(users.find((u) => u.userId === collaborator.user._id)?.status).toBe('online');
    // A good one still goes through.
    const changed = next(watcher, 'user:status:changed');
    sender.emit('presence:update', { status: 'away' });
    expect(await changed).toEqual({ projectId, userId: collaborator.user._id, status: 'away' });
  });
});

describe('a flood of events from one socket', () => {
  it('is throttled: events past the budget are dropped, the socket is told, nobody else notices', async () => {
    const projectId = await sharedProject();
    const watcher = await connect(owner);
    const flooder = await connect(collaborator);
    for (const socket of [watcher, flooder]) await join(socket, projectId);
    const changes = record(watcher, 'user:status:changed');
    const errors = record<{ message: string }>(flooder, 'error');
    const started = Date.now();
    const told = next(flooder, 'error');
    for (let i = 0; i < 1000; i++) flooder.emit('presence:update', { status: i % 2 ? 'away' : 'busy' });
    expect(await told).toEqual({ message: REALTIME_TOO_MANY_EVENTS });

    // The server answers HTTP, and other sockets, meanwhile.
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    await settled(watcher, owner.user._id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settled(flooder, collaborator.user._id);
    const seconds = (Date.now() - started) / 1000;
    // At most the burst and what the bucket refilled meanwhile went through; the rest was dropped.
    expect(changes.length).toBeGreaterThanOrEqual(SOCKET_EVENT_BURST - 5);
    expect(changes.length).toBeLessThanOrEqual(SOCKET_EVENT_BURST + SOCKET_EVENTS_PER_SECOND * seconds + 1);
    // Told at most once a second, and never disconnected for it.
    expect(errors.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(errors.every((e) => e.message === REALTIME_TOO_MANY_EVENTS)).toBe(true);
    expect(flooder.connected).toBe(true);

    // Once it slows down, its events are heard again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const heardAgain = next(watcher, 'user:status:changed');
    flooder.emit('presence:update', { status: 'online' });
    expect(await heardAgain).toEqual({ projectId, userId: collaborator.user._id, status: 'online' });
  });
});
