// The dashboard's cached answer is never stale: every change it shows, made through any app instance, moves
// one of the two versions it is kept under (cache.ts), in the same transaction as the change.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { addTrack, sineWav, uploadVersion } from '../media/media-testing.ts';
import { dashboardVersion } from './cache.ts';

let t: TestApp;
let other: { app: FastifyInstance };
let owner: SignedIn;
let guest: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second app instance on the same database, with its own cache (the scaled-out shape).
  other = { app: await buildApp(t.config, { database: await openDatabase(t.config) }) };
  owner = await registerUser(t.app, { name: 'Olive' });
  guest = await registerUser(t.app, { name: 'Gus' });
  projectId = (await send(t.app, owner, 'POST', '/api/projects', { title: 'Cached' })).data.project._id;
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

async function send(
  app: FastifyInstance,
  who: SignedIn,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
) {
  const res = await app.inject({ method, url, headers: bearer(who.token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function dashboard(who: SignedIn, app: FastifyInstance = t.app) {
  const res = await app.inject({ url: '/api/dashboard', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('the cached dashboard follows every change', () => {
  it('answers the same bytes while nothing changes', async () => {
    const first = await t.app.inject({ url: '/api/dashboard', headers: bearer(owner.token) });
    const version = await dashboardVersion(t.app.ctx.db, owner.user._id);
    const second = await t.app.inject({ url: '/api/dashboard', headers: bearer(owner.token) });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.json()).toMatchObject({ success: true, message: 'Dashboard' });
    // The same answer with a trailing slash (the route is the prefix's own path).
    const slashed = await t.app.inject({ url: '/api/dashboard/', headers: bearer(owner.token) });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.body).toBe(first.body);
    expect(await dashboardVersion(t.app.ctx.db, owner.user._id)).toBe(version);
  });

  it("shows a change made through the other instance, in figures and the owner's and guest's activity", async () => {
    await dashboard(owner);
    await dashboard(guest);
    await addMember(other.app, owner.token, projectId, guest, { permission: 'edit', role: 'Mixer' });
    const seen = await dashboard(owner);
    expect(seen.stats.collaborators).toBe(1);
    expect(seen.recentActivity[0].summary).toBe('Gus joined Cached as Mixer');
    expect((await dashboard(guest)).stats.activeProjects).toBe(1);

    await addTrack(other.app, guest.token, projectId, { title: 'Intro' });
    const afterTrack = await dashboard(owner);
    expect(afterTrack.stats.totalTracks).toBe(1);
    expect(afterTrack.recentActivity[0].summary).toBe("Gus added the track 'Intro' to Cached");

    await send(other.app, owner, 'PUT', `/api/projects/${projectId}`, { status: 'released' });
    expect((await dashboard(guest)).stats.activeProjects).toBe(0);
  });

  it('shows a job as it is queued, moves and ends', async () => {
    const track = await addTrack(t.app, owner.token, projectId, { title: 'Jobs' });
    const res = await uploadVersion(t.app, owner.token, projectId, track._id, sineWav({ seconds: 0.2 }));
    const versionId = res.json().data.version._id as string;
    // The upload's own jobs done, the job below is one no queue is told of: another instance's, as it moves.
    await jobQueue(t.app.ctx).idle();
    const before = (await dashboard(owner)).activeJobs.length;
    const job = await enqueueJob(other.app.ctx.db, {
      kind: 'mastering',
      subjectId: versionId,
      projectId,
      payload: { targetLufs: -14, truePeakDbtp: -1 },
    });
    const queued = (await dashboard(owner)).activeJobs;
    expect(queued).toHaveLength(before + 1);
    await other.app.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', progress: 0.5, claimed_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    expect((await dashboard(owner)).activeJobs.find((j: { _id: string }) => j._id === job.id)).toMatchObject({
      status: 'running',
      progress: 0.5,
    });
    await other.app.ctx.db
      .updateTable('jobs')
      .set({ status: 'done', progress: 1 })
      .where('id', '=', job.id)
      .execute();
    expect((await dashboard(owner)).activeJobs.some((j: { _id: string }) => j._id === job.id)).toBe(false);
  });

  it("shows a former member's new name, and their account gone, as soon as either happens elsewhere", async () => {
    const member = await registerUser(t.app, { name: 'Flo' });
    await addMember(other.app, owner.token, projectId, member, { permission: 'edit' });
    await addTrack(other.app, member.token, projectId, { title: 'Flo was here' });
    const removed = await other.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/collaborators/${member.user._id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    // Their activity stays in the owner's feed after they left, under their name as it is now.
    const names = async () =>
      (await dashboard(owner)).recentActivity
        .filter((a: { actor: { _id: string } | null }) => a.actor?._id === member.user._id)
        .map((a: { actor: { name: string } }) => a.actor.name);
    expect(await names()).toEqual(['Flo', 'Flo']);
    await send(other.app, member, 'PUT', '/api/auth/profile', { name: 'Flora' });
    expect(await names()).toEqual(['Flora', 'Flora']);
    await send(other.app, member, 'POST', '/api/account/delete', {
      email: member.user.email,
      password: member.password,
    });
    expect(await names()).toEqual([]);
    expect(JSON.stringify((await dashboard(owner)).recentActivity)).not.toContain('Flora');
  });

  it("keeps one person's dashboard apart from another's", async () => {
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const mine = await dashboard(stranger);
    expect(mine.recentActivity).toEqual([]);
    expect(mine.stats.activeProjects).toBe(0);
  });
});
