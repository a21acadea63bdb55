import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  cookieHeader,
  createTestApp,
  csrf,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Olive Owner' });
});
afterAll(async () => {
  await t.close();
});

const create = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/projects', headers: bearer(who.token), payload });
const list = (who: SignedIn, query = '') =>
  t.app.inject({ url: `/api/projects${query}`, headers: bearer(who.token) });

async function createOk(who: SignedIn, payload: object) {
  const res = await create(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.project;
}

describe('create', () => {
  it('stores the full project of SPEC §3 with the defaults (single, planning, other)', async () => {
    const res = await create(owner, { title: '  Night Drive  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Project created' });
    const p = body.data.project;
    expect(p).toMatchObject({
      title: 'Night Drive',
      description: '',
      type: 'single',
      status: 'planning',
      owner: { _id: owner.user._id, name: 'Olive Owner', email: owner.user.email },
      collaborators: [],
      metadata: {
        genre: ['other'],
        targetReleaseDate: null,
        recordLabel: null,
        producer: null,
        engineer: null,
        studio: null,
      },
      tags: [],
      trackCount: 0,
      totalDuration: 0,
      totalFileSize: 0,
      access: 'owner',
    });
    expect(p._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.createdAt).toBe(p.updatedAt);
    expect(p.lastActivityAt).toBe(p.createdAt);
  });

  it('keeps every field given, a single genre becoming a list and tags de-duplicated', async () => {
    const p = await createOk(owner, {
      title: 'Harbour Lights',
      description: '  Ten songs recorded live to tape.  ',
      type: 'album',
      status: 'recording',
      metadata: {
        genre: 'jazz',
        targetReleaseDate: '2026-09-18',
        recordLabel: 'Blue Room',
        producer: 'M. Ortega',
        engineer: ' ',
        studio: 'Studio B',
      },
      tags: ['live', ' tape ', 'Live', ''],
    });
    expect(p).toMatchObject({
      description: 'Ten songs recorded live to tape.',
      type: 'album',
      status: 'recording',
      metadata: {
        genre: ['jazz'],
        targetReleaseDate: '2026-09-18',
        recordLabel: 'Blue Room',
        producer: 'M. Ortega',
        engineer: null,
        studio: 'Studio B',
      },
      tags: ['live', 'tape'],
    });
    const again = await t.app.inject({ url: `/api/projects/${p._id}`, headers: bearer(owner.token) });
    expect(again.json().data.project).toEqual(p);
  });

  it('omits a blank description', async () => {
    const p = await createOk(owner, { title: 'Blank', description: '   ' });
    expect(p.description).toBe('');
  });

  it('works with the access cookie and the CSRF token, as the browser sends it', async () => {
    const c = await csrf(t.app, { mixdesk_access: owner.cookies.mixdesk_access! });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: {
        cookie: cookieHeader({ ...owner.cookies, mixdesk_csrf: c.cookie }),
        'x-xsrf-token': c.token,
      },
      payload: { title: 'From the browser' },
    });
    expect(res.statusCode).toBe(201);
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: cookieHeader(owner.cookies) },
      payload: { title: 'No CSRF' },
    });
    expect(without.statusCode).toBe(403);
  });
});

describe('update', () => {
  it('changes only what is sent, merges metadata key by key and moves last activity', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const p = await createOk(owner, {
      title: 'Demo Tape',
      type: 'ep',
      metadata: { genre: ['rock', 'punk'], producer: 'Kim' },
      tags: ['raw'],
    });
    const updatedAt = clock.step();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${p._id}`,
      headers: bearer(owner.token),
      payload: { status: 'mixing', metadata: { studio: 'Garage' }, description: 'Four songs' },
    });
    expect(res.statusCode).toBe(200);
    const u = res.json().data.project;
    expect(res.json().message).toBe('Project updated');
    expect(u).toMatchObject({
      title: 'Demo Tape',
      type: 'ep',
      status: 'mixing',
      description: 'Four songs',
      metadata: { genre: ['rock', 'punk'], producer: 'Kim', studio: 'Garage' },
      tags: ['raw'],
    });
    expect(u.updatedAt).toBe(updatedAt);
    expect(u.lastActivityAt).toBe(updatedAt);
    expect(u.createdAt).toBe(p.createdAt);
  });

  it('accepts the SPEC §7 payload (title, description, type, metadata.genre) and clears with blanks', async () => {
    const p = await createOk(owner, { title: 'Old', description: 'Text', metadata: { producer: 'X' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${p._id}`,
      headers: bearer(owner.token),
      payload: {
        title: 'New',
        description: '',
        type: 'remix',
        metadata: { genre: 'electronic', producer: null },
      },
    });
    expect(res.json().data.project).toMatchObject({
      title: 'New',
      description: '',
      type: 'remix',
      metadata: { genre: ['electronic'], producer: null },
    });
  });
});

describe('delete', () => {
  it('deletes the project and the list count falls', async () => {
    const fresh = await registerUser(t.app);
    const a = await createOk(fresh, { title: 'Keep' });
    const b = await createOk(fresh, { title: 'Drop' });
    expect((await list(fresh)).json().data.pagination.totalProjects).toBe(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${b._id}`,
      headers: bearer(fresh.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Project deleted' });
    const after = (await list(fresh)).json().data;
    expect(after.pagination.totalProjects).toBe(1);
    expect(after.projects.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const gone = await t.app.inject({ url: `/api/projects/${b._id}`, headers: bearer(fresh.token) });
    expect(gone.statusCode).toBe(404);
  });

  it('takes the collaborator rows with it', async () => {
    const fresh = await registerUser(t.app);
    const friend = await registerUser(t.app);
    const p = await createOk(fresh, { title: 'Shared then gone' });
    await addMember(t.app, fresh.token, p._id, friend, { permission: 'edit' });
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${p._id}`, headers: bearer(fresh.token) });
    const rows = await t.app.ctx.db
      .selectFrom('project_collaborators')
      .selectAll()
      .where('project_id', '=', p._id)
      .execute();
    expect(rows).toEqual([]);
    expect((await list(friend)).json().data.pagination.totalProjects).toBe(0);
  });
});

describe('touchProject', () => {
  it('moves a project to the top of the list', async () => {
    const { touchProject } = await import('./access.ts');
    const fresh = await registerUser(t.app);
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const first = await createOk(fresh, { title: 'First' });
    clock.step();
    const second = await createOk(fresh, { title: 'Second' });
    const touchedAt = clock.step();
    await touchProject(t.app.ctx.db, first._id);
    const projects: { title: string; lastActivityAt: string }[] = (await list(fresh)).json().data.projects;
    expect(projects.map((p) => [p.title, p.lastActivityAt])).toEqual([
      ['First', touchedAt],
      ['Second', second.lastActivityAt],
    ]);
  });
});
