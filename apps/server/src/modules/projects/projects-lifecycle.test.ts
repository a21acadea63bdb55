// Projects beyond the HTTP routes: the owned-project counter, the demo seeder, the account export and delete
// handler, and the realtime rule for joining a project's room.
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { seedProjects } from './seed.ts';
import { projectsUserData } from './user-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newProject(who: SignedIn, title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title, tags: ['lifecycle'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id;
}

async function share(
  owner: SignedIn,
  projectId: string,
  guest: SignedIn,
  permission: 'view' | 'edit' = 'view',
) {
  await addMember(t.app, owner.token, projectId, guest, { permission });
}

const ownedCount = async (userId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('project_owner_stats')
      .select('project_count')
      .where('owner_id', '=', userId)
      .executeTakeFirst()
  )?.project_count;

describe('the owned-project counter behind the list total', () => {
  it('follows every create and delete', async () => {
    const u = await registerUser(t.app);
    const ids = [await newProject(u, 'One'), await newProject(u, 'Two'), await newProject(u, 'Three')];
    expect(await ownedCount(u.user._id)).toBe(3);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${ids[1]}`, headers: bearer(u.token) });
    expect(await ownedCount(u.user._id)).toBe(2);
    const list = await t.app.inject({ url: '/api/projects', headers: bearer(u.token) });
    expect(list.json().data.pagination.totalProjects).toBe(2);
  });
});

describe('deleting a project', () => {
  it('removes its tracks and its stored files with it', async () => {
    const u = await registerUser(t.app);
    const id = await newProject(u, 'With media');
    const key = `projects/${id}/files/${id.slice(-12)}`;
    await t.app.ctx.storage.put(key, Readable.from([Buffer.from('stem bytes')]), { maxBytes: 1024 });
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('tracks')
      .values({
        id: crypto.randomUUID(),
        project_id: id,
        position: 1,
        title: 'Intro',
        status: 'idea',
        bpm: null,
        musical_key: null,
        isrc: null,
        notes: '',
        current_version_id: null,
        created_by: u.user._id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${id}`,
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(key)).toBeNull();
    const tracks = await t.app.ctx.db
      .selectFrom('tracks')
      .select('id')
      .where('project_id', '=', id)
      .execute();
    expect(tracks).toEqual([]);
  });
});

describe('the list search follows every edit', () => {
  it('finds a project by its new title, description and tags, and no longer by the old ones', async () => {
    const owner = await registerUser(t.app);
    const editor = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Amber Sessions', description: 'Tape warmth', tags: ['lofi'] },
    });
    const id: string = created.json().data.project._id;
    await share(owner, id, editor, 'edit');
    const found = async (term: string, who = owner) => {
      const res = await t.app.inject({
        url: `/api/projects?search=${encodeURIComponent(term)}`,
        headers: bearer(who.token),
      });
      return res
        .json()
        .data.projects.map((p: { _id: string }) => p._id)
        .includes(id);
    };
    const edit = async (payload: object, who = owner) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${id}`,
        headers: bearer(who.token),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const findable = async (terms: string[]) =>
      Object.fromEntries(await Promise.all(terms.map(async (term) => [term, await found(term)])));
    const ALL = ['amber', 'cobalt', 'warmth', 'sheen', 'lofi', 'shoegaze'];

    await edit({ title: 'Cobalt Nights' });
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      warmth: true,
      sheen: false,
      lofi: true,
      shoegaze: false,
    });
    await edit({ description: 'Digital sheen' }, editor);
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      warmth: false,
      sheen: true,
      lofi: true,
      shoegaze: false,
    });
    expect(await found('sheen', editor)).toBe(true);
    await edit({ tags: ['shoegaze'] });
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      warmth: false,
      sheen: true,
      lofi: false,
      shoegaze: true,
    });
    // A change that touches none of them keeps them; a cleared description is no longer found.
    await edit({ status: 'mixing', metadata: { producer: 'Amber Lee' } });
    await edit({ description: '' });
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      warmth: false,
      sheen: false,
      lofi: false,
      shoegaze: true,
    });
  });
});

describe('the demo seeder', () => {
  it('gives the demo account six realistic projects, newest activity first', async () => {
    const demo = await registerUser(t.app, { name: 'Demo' });
    await seedProjects(t.app.ctx, demo.user._id);
    const res = await t.app.inject({ url: '/api/projects', headers: bearer(demo.token) });
    const { projects, pagination } = res.json().data;
    expect(pagination.totalProjects).toBe(6);
    expect(projects[0].title).toBe('Midnight Frequencies');
    expect(new Set(projects.map((p: { type: string }) => p.type)).size).toBe(6);
    const search = await t.app.inject({ url: '/api/projects?search=remix', headers: bearer(demo.token) });
    expect(search.json().data.projects.map((p: { title: string }) => p.title)).toEqual([
      'Night Drive (Kaleido Remix)',
    ]);
  });
});

describe('account export and delete', () => {
  it('exports the owned projects with collaborators, and the projects shared with the user', async () => {
    const owner = await registerUser(t.app, { name: 'Exporter' });
    const friend = await registerUser(t.app, { name: 'Friend' });
    const mine = await newProject(owner, 'Export me');
    await share(owner, mine, friend, 'edit');
    const theirs = await newProject(friend, 'Friend project');
    await share(friend, theirs, owner);
    const { data } = (await projectsUserData.exportData(t.app.ctx, owner.user._id)) as {
      data: {
        projects: { _id: string; title: string; collaborators: { user: { _id: string } }[] }[];
        sharedWithMe: unknown[];
      };
    };
    expect(data.projects.map((p) => p.title)).toEqual(['Export me']);
    expect(data.projects[0]!.collaborators[0]!.user._id).toBe(friend.user._id);
    expect(data.sharedWithMe).toEqual([
      {
        projectId: theirs,
        title: 'Friend project',
        permission: 'view',
        role: '',
        addedAt: expect.any(String),
      },
    ]);
  });

  it('deletes the owned projects and the collaborations, and leaves other people’s projects alone', async () => {
    const leaving = await registerUser(t.app);
    const friend = await registerUser(t.app);
    const mine = await newProject(leaving, 'Goes away');
    await share(leaving, mine, friend);
    const theirs = await newProject(friend, 'Stays');
    await share(friend, theirs, leaving, 'edit');
    await projectsUserData.deleteData(t.app.ctx, leaving.user._id);
    const rows = await t.app.ctx.db
      .selectFrom('projects')
      .select('id')
      .where('id', 'in', [mine, theirs])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([theirs]);
    const shared = await t.app.ctx.db
      .selectFrom('project_collaborators')
      .selectAll()
      .where('user_id', '=', leaving.user._id)
      .execute();
    expect(shared).toEqual([]);
    const friendList = await t.app.inject({ url: '/api/projects', headers: bearer(friend.token) });
    expect(friendList.json().data.pagination.totalProjects).toBe(1);
  });
});

describe('realtime project rooms', () => {
  let url: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const joinResult = (socket: Socket, projectId: string) =>
    new Promise<string>((resolve) => {
      socket.once('presence:update', () => resolve('joined'));
      socket.once('error', (e: { message: string }) => resolve(e.message));
      socket.emit('join:project', { projectId });
    });

  it('lets the owner and collaborators join a project room, and nobody else', async () => {
    const owner = await registerUser(t.app);
    const guest = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const id = await newProject(owner, 'Live room');
    await share(owner, id, guest);
    for (const [who, expected] of [
      [owner, 'joined'],
      [guest, 'joined'],
      [stranger, 'Project not found'],
    ] as const) {
      const socket = await open(who.token);
      try {
        expect(await joinResult(socket, id)).toBe(expected);
      } finally {
        socket.close();
      }
    }
  });
});
