// The stored activity feed (migration 0012-activity) as the dashboard reads it: who sees what, as people
// join and leave projects, and the backfill of what happened before the feed existed.
import { DashboardResponseSchema } from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import * as feedMigration from '../../db/migrations/0012-activity.ts';
import { generateVia, payloads } from '../documents/documents-testing.ts';
import { addTrack } from '../media/media-testing.ts';

async function feed(t: TestApp, who: SignedIn) {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return DashboardResponseSchema.parse(res.json()).data.recentActivity;
}

async function call(t: TestApp, who: SignedIn, method: 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe('the activity feed', () => {
  let t: TestApp;
  let ana: SignedIn;
  let ben: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await registerUser(t.app, { name: 'Ana Producer' });
    ben = await registerUser(t.app, { name: 'Ben Engineer' });
    projectId = (await call(t, ana, 'POST', '/api/projects', { title: 'Night Drive' })).data.project._id;
    await addTrack(t.app, ana.token, projectId, { title: 'Intro' });
  });
  afterAll(() => t.close());

  it('gives someone added to a project its history, and takes it away when they leave', async () => {
    expect(await feed(t, ben)).toEqual([]);
    await addMember(t.app, ana.token, projectId, ben, { permission: 'edit', role: 'Mixer' });
    const joined = await feed(t, ben);
    expect(joined.map((a) => a.summary)).toEqual([
      'Ben Engineer joined Night Drive as Mixer',
      "Ana Producer added the track 'Intro' to Night Drive",
      'Ana Producer created the project Night Drive',
    ]);
    expect((await feed(t, ana)).map((a) => a.summary)).toEqual(joined.map((a) => a.summary));

    await call(t, ana, 'DELETE', `/api/projects/${projectId}/collaborators/${ben.user._id}`);
    expect(await feed(t, ben)).toEqual([]);
    expect((await feed(t, ana)).length).toBe(3);
  });

  it("shows a document's events to its owner only, leading to the document", async () => {
    const doc = await generateVia(t.app, ana, payloads.contract());
    const [newest] = await feed(t, ana);
    expect(newest).toMatchObject({ kind: 'document_event', link: `/documents?open=${doc._id}` });
    expect(newest!.summary).toBe(`${doc.title} created`);
    expect((await feed(t, ben)).some((a) => a.kind === 'document_event')).toBe(false);
  });

  it('shows the names people have now', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(ana.token),
      payload: { name: 'Ana Renamed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const summaries = (await feed(t, ana)).map((a) => a.summary);
    expect(summaries).toContain('Ana Renamed created the project Night Drive');
    expect(summaries.join('\n')).not.toContain('Ana Producer');
  });

  it('drops the activity of a deleted project from everyone', async () => {
    const other = (await call(t, ana, 'POST', '/api/projects', { title: 'Gone Soon' })).data.project._id;
    expect((await feed(t, ana)).some((a) => a.project?._id === other)).toBe(true);
    await call(t, ana, 'DELETE', `/api/projects/${other}`);
    expect((await feed(t, ana)).some((a) => a.project?._id === other)).toBe(false);
  });

  it('backfills, from the stored rows, the same feed the triggers wrote', async () => {
    // (History of rows since deleted, such as a collaborator who left, is kept by the feed but cannot be
    // backfilled: a fresh pair of users.)
    const cara = await registerUser(t.app, { name: 'Cara Singer' });
    const dan = await registerUser(t.app, { name: 'Dan Drums' });
    const album = (await call(t, cara, 'POST', '/api/projects', { title: 'Album' })).data.project._id;
    await addTrack(t.app, cara.token, album, { title: 'Opener' });
    await addMember(t.app, cara.token, album, dan, { permission: 'view', role: 'Drums' });
    await generateVia(t.app, cara, payloads.agreement());
    const before = { cara: await feed(t, cara), dan: await feed(t, dan) };
    expect(before.cara).toHaveLength(4);
    expect(before.dan).toHaveLength(3);
    await feedMigration.down(t.app.ctx.db);
    await feedMigration.up(t.app.ctx.db);
    expect({ cara: await feed(t, cara), dan: await feed(t, dan) }).toEqual(before);
  });
});
