// The demo account's media: the newest demo project gets a running order with playable versions (uploaded
// through the real path, waveforms drawn by the job) and a lyrics file, with the project's figures to match.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { seedProjects } from '../projects/seed.ts';
import { totalsCheck } from './media-testing.ts';
import { seedMedia } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('gives the newest demo project tracks with playable versions and a file', async () => {
  const demo = await registerUser(t.app, { name: 'Demo Producer' });
  await seedProjects(t.app.ctx, demo.user._id);
  await seedMedia(t.app.ctx, demo.user._id);
  await jobQueue(t.app.ctx).idle();
  const projects = (await t.app.inject({ url: '/api/projects', headers: bearer(demo.token) })).json().data
    .projects;
  const newest = projects[0];
  const tracks = (
    await t.app.inject({ url: `/api/projects/${newest._id}/tracks`, headers: bearer(demo.token) })
  ).json().data.tracks;
  expect(tracks.map((x: { title: string }) => x.title)).toEqual([
    'Neon Tide',
    'Glass Hours',
    'Static Bloom',
    'Afterglow (Reprise)',
  ]);
  expect(tracks[0]).toMatchObject({ versionCount: 2, currentVersion: { label: 'Mix v2', duration: 8 } });
  const peaks = (
    await t.app.inject({ url: tracks[0].currentVersion.peaksUrl, headers: bearer(demo.token) })
  ).json();
  expect(peaks.data.status).toBe('ready');
  const files = (
    await t.app.inject({ url: `/api/projects/${newest._id}/files`, headers: bearer(demo.token) })
  ).json();
  expect(files.data.files.map((f: { originalName: string }) => f.originalName)).toEqual([
    'Neon Tide - lyrics.txt',
  ]);
  const check = await totalsCheck(t.app, newest._id);
  expect(check.stored.trackCount).toBe(4);
  expect(check.stored.totalFileSize).toBe(check.expected.totalFileSize);
  expect(check.stored.totalDuration).toBeCloseTo(16, 6);
});
