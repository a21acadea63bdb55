// GET /api/activity (my feed across my projects) and GET /api/projects/:id/activity (one project's): newest
// first, paged, and only what the caller may see.
import { type ActivityListData, ActivityListResponseSchema } from '@mixdesk/contract/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { addTrack } from '../media/media-testing.ts';

let t: TestApp;
let ana: SignedIn;
let ben: SignedIn;
let stranger: SignedIn;
/** Ana's, shared with Ben: created, Ben joined, then TRACKS tracks. */
let album: string;
/** Ana's alone: created, one track. */
let side: string;
const TRACKS = 24;

async function get(who: SignedIn | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
}

async function feed(who: SignedIn, url: string): Promise<ActivityListData> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return ActivityListResponseSchema.parse(res.json()).data;
}

async function createProject(who: SignedIn, title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.project._id;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await registerUser(t.app, { name: 'Ana Producer' });
  ben = await registerUser(t.app, { name: 'Ben Engineer' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  // Each step a second apart on a controlled clock, so that "newest first" has one right answer.
  const clock = controlledClock();
  try {
    album = await createProject(ana, 'Night Drive');
    clock.step();
    await addMember(t.app, ana.token, album, ben, { permission: 'view', role: 'Mixer' });
    for (let i = 1; i <= TRACKS; i++) {
      clock.step();
      await addTrack(t.app, ana.token, album, { title: `Song ${i}` });
    }
    clock.step();
    side = await createProject(ana, 'Side Project');
    clock.step();
    await addTrack(t.app, ana.token, side, { title: 'Demo' });
  } finally {
    clock.restore();
  }
});
afterAll(() => t.close());

describe('GET /api/activity', () => {
  it('asks for a signed-in user', async () => {
    for (const url of ['/api/activity', `/api/projects/${album}/activity`]) {
      const res = await get(null, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('lists what happened across my projects, newest first', async () => {
    const { activities, pagination } = await feed(ana, '/api/activity?limit=100');
    // Two projects created, Ben joined, 25 tracks added.
    expect(pagination).toEqual({ currentPage: 1, totalPages: 1, limit: 100, totalActivities: 28 });
    expect(activities[0]!.summary).toBe("Ana Producer added the track 'Demo' to Side Project");
    expect(activities.at(-1)!.summary).toBe('Ana Producer created the project Night Drive');
    const newestFirst = [...activities].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id),
    );
    expect(activities.map((a) => a._id)).toEqual(newestFirst.map((a) => a._id));
    expect(new Set(activities.map((a) => a.project?._id))).toEqual(new Set([album, side]));
  });

  it('pages 20 at a time by default: page 2 holds the rest', async () => {
    const all = (await feed(ana, '/api/activity?limit=100')).activities;
    const first = await feed(ana, '/api/activity');
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, limit: 20, totalActivities: 28 });
    expect(first.activities).toHaveLength(20);
    const second = await feed(ana, '/api/activity?page=2');
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, limit: 20, totalActivities: 28 });
    expect(second.activities).toHaveLength(8);
    expect([...first.activities, ...second.activities]).toEqual(all);
    const past = await feed(ana, '/api/activity?page=3');
    expect(past.activities).toEqual([]);
    expect(past.pagination.totalActivities).toBe(28);
  });

  it('holds, for a collaborator, the projects shared with them and no other', async () => {
    const { activities, pagination } = await feed(ben, '/api/activity?limit=100');
    expect(pagination.totalActivities).toBe(TRACKS + 2);
    expect(activities.every((a) => a.project?._id === album)).toBe(true);
  });

  it('is empty for someone with no projects', async () => {
    expect(await feed(stranger, '/api/activity')).toEqual({
      activities: [],
      pagination: { currentPage: 1, totalPages: 0, limit: 20, totalActivities: 0 },
    });
  });

  it.each([
    ['page=0', 'Page must be 1 or more'],
    ['page=1.5', 'Page must be a whole number'],
    ['limit=0', 'Limit must be 1 or more'],
    ['limit=101', 'Limit must be at most 100'],
    ['limit=x', 'Limit must be a whole number'],
    ['page=two', 'Page must be a whole number'],
    ['limit=5&limit=6', 'Limit must be a whole number'],
  ])('refuses ?%s with a 400 that says why', async (query, message) => {
    for (const url of [`/api/activity?${query}`, `/api/projects/${album}/activity?${query}`]) {
      const res = await get(ana, url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(body.message).toContain(message);
    }
  });
});

describe('GET /api/projects/:id/activity', () => {
  it("shows that project's activities only, newest first, paged", async () => {
    const { activities, pagination } = await feed(ana, `/api/projects/${album}/activity?limit=10`);
    expect(pagination).toEqual({ currentPage: 1, totalPages: 3, limit: 10, totalActivities: TRACKS + 2 });
    expect(activities.every((a) => a.project?._id === album)).toBe(true);
    expect(activities[0]!.summary).toBe(`Ana Producer added the track 'Song ${TRACKS}' to Night Drive`);
    const last = await feed(ana, `/api/projects/${album}/activity?limit=10&page=3`);
    expect(last.activities.map((a) => a.summary)).toEqual([
      "Ana Producer added the track 'Song 4' to Night Drive",
      "Ana Producer added the track 'Song 3' to Night Drive",
      "Ana Producer added the track 'Song 2' to Night Drive",
      "Ana Producer added the track 'Song 1' to Night Drive",
      'Ben Engineer joined Night Drive as Mixer',
      'Ana Producer created the project Night Drive',
    ]);
    const other = await feed(ana, `/api/projects/${side}/activity`);
    expect(other.activities.map((a) => a.summary)).toEqual([
      "Ana Producer added the track 'Demo' to Side Project",
      'Ana Producer created the project Side Project',
    ]);
  });

  it('is there for a collaborator, as the owner sees it', async () => {
    const url = `/api/projects/${album}/activity?limit=100`;
    expect(await feed(ben, url)).toEqual(await feed(ana, url));
  });

  it('does not exist for a stranger, nor for a collaborator on another project (404)', async () => {
    for (const [who, id] of [
      [stranger, album],
      [ben, side],
      [ana, '0190e4c8-0000-7000-8000-000000000000'],
      [ana, 'not-an-id'],
    ] as const) {
      const res = await get(who, `/api/projects/${id}/activity`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('is gone for a collaborator once removed', async () => {
    const cara = await registerUser(t.app, { name: 'Cara Singer' });
    await addMember(t.app, ana.token, side, cara, { permission: 'view' });
    expect((await feed(cara, `/api/projects/${side}/activity`)).pagination.totalActivities).toBe(3);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${side}/collaborators/${cara.user._id}`,
      headers: bearer(ana.token),
    });
    expect(remove.statusCode).toBe(200);
    expect((await get(cara, `/api/projects/${side}/activity`)).statusCode).toBe(404);
    expect((await feed(cara, '/api/activity')).activities).toEqual([]);
  });
});
