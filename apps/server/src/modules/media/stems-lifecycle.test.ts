// Stems and what holds them (issue #36): counted in the project's bytes, named for backups and the sweeper,
// removed with their version, track and project (rows by cascade, bytes after), in the owner's export.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { everyNamedStorageKey } from '../stored-keys.ts';
import { type ProjectWithPeople, projectWithPeople, sineWav } from './media-testing.ts';
import {
  fileSizes,
  framesWav,
  type Mix,
  sendStem,
  stemKeyOf,
  stored,
  trackWithMix,
} from './stems-testing.ts';
import { mediaUserData } from './user-data.ts';

let t: TestApp;
let p: ProjectWithPeople;
let mix: Mix;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  mix = await trackWithMix(t.app, p.owner.token, p.projectId);
});
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

const as = (token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(token) });

describe('stems and what holds them', () => {
  it('count in the project’s bytes and are named for backups and the sweeper', async () => {
    const wav = sineWav({ seconds: 1 });
    const stem = (await sendStem(t.app, p.owner.token, mix.url, wav, 'Counted.wav')).json().data.stem;
    await jobQueue(t.app.ctx).idle();
    const sizes = await fileSizes(t.app, p.projectId);
    expect(sizes.stored).toBe(sizes.expected);
    expect(await everyNamedStorageKey(t.app.ctx.db)).toContain(await stemKeyOf(t.app, stem._id));
  });

  it('go with their version, their track and their project: rows and bytes', async () => {
    const keysOf = async (m: Mix, token = p.owner.token) => {
      const keys = [];
      for (const name of ['a', 'b']) {
        const res = await sendStem(t.app, token, m.url, framesWav(4410), `${name}.wav`);
        expect(res.statusCode).toBe(201);
        keys.push(await stemKeyOf(t.app, res.json().data.stem._id));
      }
      for (const key of keys) expect(await stored(t.app, key)).toBe(true);
      return keys;
    };
    const rowsOf = (versionId: string) =>
      t.app.ctx.db.selectFrom('version_stems').select('id').where('version_id', '=', versionId).execute();

    const byVersion = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Version goes' });
    const versionKeys = await keysOf(byVersion);
    const v = await as(p.owner.token, 'DELETE', byVersion.url.replace(/\/stems$/, ''));
    expect(v.statusCode).toBe(200);
    expect(await rowsOf(byVersion.versionId)).toEqual([]);
    for (const key of versionKeys) expect(await stored(t.app, key)).toBe(false);

    const byTrack = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Track goes' });
    const trackKeys = await keysOf(byTrack);
    const tr = await as(p.owner.token, 'DELETE', `/api/projects/${p.projectId}/tracks/${byTrack.trackId}`);
    expect(tr.statusCode).toBe(200);
    expect(await rowsOf(byTrack.versionId)).toEqual([]);
    for (const key of trackKeys) expect(await stored(t.app, key)).toBe(false);
    await jobQueue(t.app.ctx).idle();
    const sizes = await fileSizes(t.app, p.projectId);
    expect(sizes.stored).toBe(sizes.expected);

    const other = await projectWithPeople(t.app);
    const byProject = await trackWithMix(t.app, other.owner.token, other.projectId, {
      title: 'Project goes',
    });
    const owned = await keysOf(byProject, other.owner.token);
    await jobQueue(t.app.ctx).idle();
    const pr = await as(other.owner.token, 'DELETE', `/api/projects/${other.projectId}`);
    expect(pr.statusCode).toBe(200);
    expect(await rowsOf(byProject.versionId)).toEqual([]);
    for (const key of owned) expect(await stored(t.app, key)).toBe(false);
  });

  it('are in the owner’s account export, data and bytes', async () => {
    const stem = (await sendStem(t.app, p.owner.token, mix.url, framesWav(4410), 'Exported.wav')).json().data
      .stem;
    const out = await mediaUserData.exportData(t.app.ctx, p.owner.user._id);
    const key = await stemKeyOf(t.app, stem._id);
    expect(out.files?.map((f) => f.storageKey)).toContain(key);
    expect(JSON.stringify(out.data)).toContain(stem._id);
  });
});
