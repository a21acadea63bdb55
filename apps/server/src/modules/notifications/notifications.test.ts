import type { AddressInfo } from 'node:net';
import {
  MarkReadResponseSchema,
  NOTIFICATION_NEW_EVENT,
  NotificationEventSchema,
  NotificationListResponseSchema,
} from '@mixdesk/contract/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlledClock, controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import * as notificationsMigration from '../../db/migrations/0017-notifications.ts';
import * as foldsMigration from '../../db/migrations/0028-guest-comment-limits-and-folds.ts';
import { announce, notify } from './service.ts';
import { notificationsUserData } from './user-data.ts';

let t: TestApp;
let paula: SignedIn;
/** Time stands still in this file but for `clock.step()`: "newest first" has one right answer. */
let clock: ControlledClock;

beforeAll(async () => {
  clock = controlledClock();
  t = await createTestApp({ notificationSweepSeconds: 0 });
  paula = await registerUser(t.app, { name: 'Paula' });
});
afterAll(async () => {
  clock.restore();
  await t.close();
});

async function createProject(owner: SignedIn, title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id;
}

async function addTo(projectId: string, who: SignedIn, by: SignedIn = paula) {
  await addMember(t.app, by.token, projectId, who, { permission: 'edit', role: 'Mixing engineer' });
}

async function list(who: SignedIn, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(who.token),
  });
  expect(res.statusCode).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data;
}

const markRead = (who: SignedIn, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: bearer(who.token),
    payload: payload as object,
  });

/** A notification for `who` from the service, as the comments area will make one. */
async function mention(who: SignedIn, title: string, dedupeKey?: string) {
  const created = await notify(t.app.ctx, t.app.ctx.db, {
    userId: who.user._id,
    kind: 'mention',
    actorId: paula.user._id,
    actorName: 'Paula',
    projectId: null,
    title,
    body: 'Can you check the @vocal at 1:12?',
    link: '/projects',
    dedupeKey,
  });
  clock.step();
  return created;
}

describe('being invited to a project', () => {
  it('tells the invited person who invites them, to what, with a link to answer; the owner hears the answer', async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    const projectId = await createProject(paula, 'Review Session EP');
    await addTo(projectId, ana);

    const data = await list(ana);
    expect(data.unreadCount).toBe(1);
    expect(data.notifications).toEqual([
      {
        _id: expect.any(String),
        kind: 'invitation',
        title: 'Paula invited you to Review Session EP',
        body: 'Accept to edit it as Mixing engineer.',
        link: expect.stringMatching(/^\/invitations\/[0-9a-f-]{36}$/),
        actor: { _id: paula.user._id, name: 'Paula' },
        project: { _id: projectId, title: 'Review Session EP' },
        read: false,
        count: 1,
        createdAt: expect.any(String),
      },
    ]);
    expect((await list(paula)).notifications).toMatchObject([
      {
        kind: 'invitation_answered',
        title: 'Ana accepted your invitation to Review Session EP',
        link: `/projects/${projectId}`,
        actor: { _id: ana.user._id, name: 'Ana' },
      },
    ]);
  });

  it("goes with the project when it is deleted, and is in the person's data export", async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    const projectId = await createProject(paula, 'Short-lived');
    await addTo(projectId, ana);
    const exported = (await notificationsUserData.exportData(t.app.ctx, ana.user._id)).data as {
      notifications: { title: string }[];
    };
    expect(exported.notifications.map((n) => n.title)).toEqual(['Paula invited you to Short-lived']);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: bearer(paula.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await list(ana)).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('lists mine newest first with the unread count, in pages', async () => {
    const ben = await registerUser(t.app, { name: 'Ben' });
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await addTo(await createProject(paula, title), ben);
      clock.step();
    }
    const first = await list(ben, '?limit=2');
    expect(first.notifications.map((n) => n.project?.title)).toEqual(['Five', 'Four']);
    expect(first.unreadCount).toBe(5);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, limit: 2, totalNotifications: 5 });
    const last = await list(ben, '?limit=2&page=3');
    expect(last.notifications.map((n) => n.project?.title)).toEqual(['One']);
    expect(last.pagination.currentPage).toBe(3);
    expect((await list(ben, '?limit=2&page=4')).notifications).toEqual([]);
    expect((await list(ben)).pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      limit: 20,
      totalNotifications: 5,
    });
  });

  it('filters unread and read ones; the unread count is always of all', async () => {
    const cleo = await registerUser(t.app, { name: 'Cleo' });
    const [a] = await mention(cleo, 'A');
    await mention(cleo, 'B');
    await mention(cleo, 'C');
    expect((await markRead(cleo, { ids: [a!.id] })).statusCode).toBe(200);

    const unread = await list(cleo, '?unread=true');
    expect(unread.notifications.map((n) => n.title)).toEqual(['C', 'B']);
    expect(unread.pagination.totalNotifications).toBe(2);
    const read = await list(cleo, '?unread=false');
    expect(read.notifications.map((n) => [n.title, n.read])).toEqual([['A', true]]);
    expect(read.pagination.totalNotifications).toBe(1);
    expect(read.unreadCount).toBe(2);
  });

  it.each([
    ['?limit=101', 'Limit must be at most 100'],
    ['?limit=0', 'Limit must be 1 or more'],
    ['?page=0', 'Page must be 1 or more'],
    ['?page=two', 'Page must be a whole number'],
    ['?unread=yes', 'Unread must be true or false'],
  ])('refuses %s with a readable message', async (query, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: bearer(paula.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('POST /api/notifications/read', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(res.statusCode).toBe(401);
  });

  it('marks the given ones read and answers with the unread count', async () => {
    const dan = await registerUser(t.app, { name: 'Dan' });
    const [a] = await mention(dan, 'A');
    const [b] = await mention(dan, 'B');
    await mention(dan, 'C');
    const res = await markRead(dan, { ids: [a!.id, b!.id] });
    expect(res.statusCode).toBe(200);
    expect(MarkReadResponseSchema.parse(res.json()).data).toEqual({ unreadCount: 1 });
    const data = await list(dan);
    expect(data.notifications.map((n) => [n.title, n.read])).toEqual([
      ['C', false],
      ['B', true],
      ['A', true],
    ]);
    // Marking again changes nothing.
    expect((await markRead(dan, { ids: [a!.id] })).json().data).toEqual({ unreadCount: 1 });
  });

  it('marks all of mine read', async () => {
    const eve = await registerUser(t.app, { name: 'Eve' });
    await mention(eve, 'A');
    await mention(eve, 'B');
    const res = await markRead(eve, { all: true });
    expect(res.json().data).toEqual({ unreadCount: 0 });
    expect((await list(eve)).notifications.every((n) => n.read)).toBe(true);
  });

  it("leaves someone else's notifications as they are, whether named by id or by 'all'", async () => {
    const fay = await registerUser(t.app, { name: 'Fay' });
    const gus = await registerUser(t.app, { name: 'Gus' });
    const [theirs] = await mention(fay, 'For Fay');
    await mention(gus, 'For Gus');
    const res = await markRead(gus, { ids: [theirs!.id, 'not-an-id'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unreadCount: 1 });
    expect((await markRead(gus, { all: true })).json().data).toEqual({ unreadCount: 0 });
    expect(await list(fay)).toMatchObject({
      unreadCount: 1,
      notifications: [{ title: 'For Fay', read: false }],
    });
  });

  it.each([
    ['both ids and all', { ids: ['x'], all: true }, 'Send either ids or all, not both'],
    ['neither', {}, 'Send { ids: [...] } to mark some notifications read, or { all: true }'],
    ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, 'At most 100 ids at a time'],
    ['no ids', { ids: [] }, 'Send at least one id'],
    ['ids that are not text', { ids: [1, 2] }, 'Each id must be text'],
    ['ids that are not a list', { ids: 'abc' }, 'Ids must be a list of notification ids'],
    ['all: false', { all: false }, 'All must be true'],
    ['an unknown field', { all: true, everything: true }, 'Unknown field'],
    ['not an object', ['x'], 'Send { ids: [...] }'],
  ])('refuses %s with a readable message', async (_case, payload, message) => {
    const res = await markRead(paula, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(res.json().message).toContain(message);
  });
});

describe('notify', () => {
  it('never tells the actor about their own doing', async () => {
    const created = await notify(t.app.ctx, t.app.ctx.db, {
      userId: paula.user._id,
      kind: 'reply',
      actorId: paula.user._id,
      actorName: 'Paula',
      projectId: null,
      title: 'Paula replied to your comment',
      link: '/projects',
    });
    expect(created).toEqual([]);
  });

  it('tells a person once per dedupe key, and keeps only an excerpt of a long body', async () => {
    const hal = await registerUser(t.app, { name: 'Hal' });
    expect(await mention(hal, 'Once', 'mention:c1')).toHaveLength(1);
    expect(await mention(hal, 'Twice', 'mention:c1')).toEqual([]);
    expect(await mention(hal, 'Another', 'mention:c2')).toHaveLength(1);
    await notify(t.app.ctx, t.app.ctx.db, {
      userId: hal.user._id,
      kind: 'review_requested',
      actorId: null,
      actorName: 'A guest',
      projectId: null,
      title: 'A guest asked you for a review',
      body: 'word '.repeat(200),
      link: '/projects',
    });
    const data = await list(hal);
    expect(data.notifications.map((n) => n.title)).toEqual([
      'A guest asked you for a review',
      'Another',
      'Once',
    ]);
    expect(data.notifications[0]!.actor).toEqual({ _id: null, name: 'A guest' });
    expect(data.notifications[0]!.body.length).toBeLessThanOrEqual(280);
    expect(data.notifications[0]!.body.endsWith('…')).toBe(true);
  });

  it('creates nothing when the transaction it joined rolls back', async () => {
    const ivy = await registerUser(t.app, { name: 'Ivy' });
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await notify(t.app.ctx, trx, {
          userId: ivy.user._id,
          kind: 'mention',
          actorId: paula.user._id,
          actorName: 'Paula',
          projectId: null,
          title: 'Never seen',
          link: '/projects',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(ivy)).notifications).toEqual([]);
  });
});

describe('the notification:new socket event', () => {
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  function open(token: string): Promise<Socket> {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it("reaches the person's connections with the notification and the unread count, and no one else's", async () => {
    const jo = await registerUser(t.app, { name: 'Jo' });
    const kim = await registerUser(t.app, { name: 'Kim' });
    const [joSocket, kimSocket] = await Promise.all([open(jo.token), open(kim.token)]);
    const kimGot: unknown[] = [];
    kimSocket.on(NOTIFICATION_NEW_EVENT, (payload) => kimGot.push(payload));
    await mention(jo, 'Earlier, unread');

    const received = new Promise<unknown>((resolve) => joSocket.once(NOTIFICATION_NEW_EVENT, resolve));
    const projectId = await createProject(paula, 'Glasshouse');
    await addTo(projectId, jo);
    const event = NotificationEventSchema.parse(await received);
    expect(event.unreadCount).toBe(2);
    expect(event.notification).toMatchObject({
      kind: 'invitation',
      title: 'Paula invited you to Glasshouse',
      project: { _id: projectId, title: 'Glasshouse' },
      read: false,
    });
    // The same object the list answers with.
    expect((await list(jo)).notifications[0]).toEqual(event.notification);

    // Kim's socket is in the same server; an event for Kim would have arrived by now.
    await new Promise((r) => setTimeout(r, 200));
    expect(kimGot).toEqual([]);
  });

  it('is sent by announce, not by notify: nothing reaches a socket before the caller announces', async () => {
    const lou = await registerUser(t.app, { name: 'Lou' });
    const socket = await open(lou.token);
    const got: unknown[] = [];
    socket.on(NOTIFICATION_NEW_EVENT, (payload) => got.push(payload));
    const created = await mention(lou, 'Announced later');
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toEqual([]);
    const received = new Promise<unknown>((resolve) => socket.once(NOTIFICATION_NEW_EVENT, resolve));
    await announce(t.app.ctx, created);
    expect(NotificationEventSchema.parse(await received)).toMatchObject({
      notification: { title: 'Announced later' },
      unreadCount: 1,
    });
  });
});

// Last: it takes the table away and back.
describe('the migration', () => {
  it('can be undone and redone', async () => {
    const max = await registerUser(t.app, { name: 'Max' });
    await mention(max, 'Before the undo');
    await foldsMigration.down(t.app.ctx.db);
    await notificationsMigration.down(t.app.ctx.db);
    await notificationsMigration.up(t.app.ctx.db);
    await foldsMigration.up(t.app.ctx.db);
    expect((await list(max)).notifications).toEqual([]);
    await mention(max, 'After the redo');
    expect((await list(max)).notifications.map((n) => n.title)).toEqual(['After the redo']);
  });
});
