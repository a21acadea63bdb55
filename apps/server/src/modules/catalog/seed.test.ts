// The demo account's catalogue: after the projects' and media's seeders, the newest project's first two tracks
// have a work and a recording each, and an EP of them is listed with what it still lacks (artwork, the splits'
// agreement), so the Credits tab and the Releases screen open on real data.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { seedMedia } from '../media/seed.ts';
import { seedProjects } from '../projects/seed.ts';
import { seedCatalog } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('gives the demo an EP of two recorded tracks, each with its work', async () => {
  const demo = await registerUser(t.app, { name: 'Demo Producer' });
  await seedProjects(t.app.ctx, demo.user._id);
  await seedMedia(t.app.ctx, demo.user._id);
  await seedCatalog(t.app.ctx, demo.user._id);
  await jobQueue(t.app.ctx).idle();
  const get = async (url: string) => (await t.app.inject({ url, headers: bearer(demo.token) })).json().data;

  const [release] = (await get('/api/releases')).releases;
  expect(release).toMatchObject({ type: 'ep', trackCount: 2, hasArtwork: false });
  const full = (await get(`/api/releases/${release._id}`)).release;
  expect(full.tracks.map((x: { title: string }) => x.title)).toEqual(['Neon Tide', 'Glass Hours']);

  const first = full.tracks[0];
  const recording = (await get(`/api/projects/${first.projectId}/tracks/${first.trackId}/recording`))
    .recording;
  expect(recording).toMatchObject({ saved: true, isrc: 'QZDEM2600001', splitsStatus: 'draft' });
  const work = (await get(`/api/works/${recording.workId}`)).work;
  expect(work.title).toBe('Neon Tide');
  expect(work.writers.map((w: { shareBasisPoints: number }) => w.shareBasisPoints)).toEqual([3750, 3750]);

  const { problems } = await get(`/api/releases/${release._id}/readiness`);
  expect(problems.map((p: { field: string }) => p.field)).toEqual(
    expect.arrayContaining(['artwork', 'tracks[0].recording.splitsStatus', 'tracks[0].work.iswc']),
  );
});
