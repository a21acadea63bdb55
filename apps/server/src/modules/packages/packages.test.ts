// "Download all" (issue #36): a version's package (its mix under its own name, its stems, its markers and
// checksums.sha256) and a project's deliverables (a folder per track in the project's order with the current
// version and its stems, the project's files by category), as one stored ZIP. Every package is judged by
// unzip -t, 7z t, yauzl and sha256sum -c; each entry's bytes are its source's; names in any script survive.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { postComment } from '../comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from '../media/media-testing.ts';
import { sendStem } from '../media/stems-testing.ts';
import { queueMissingDigests, removeUnnamedDigests } from './digests.ts';
import {
  insertStem,
  judgedPackage,
  sevenZipNames,
  sha256Hex,
  storedBytes,
  unzipNames,
} from './packages-testing.ts';

const UNICODE = 'Ünïcödé – 日本語 – عربى.wav';

let t: TestApp;
let p: ProjectWithPeople;
let dir: string;
/** What each entry of the packages must hold, by the path it must have. */
const expected = new Map<string, Buffer>();
let intro: { trackId: string; versionId: string };
let outro: { trackId: string; versionId: string };

const versionUrl = (v: { trackId: string; versionId: string }) =>
  `/api/projects/${p.projectId}/tracks/${v.trackId}/versions/${v.versionId}`;

async function version(trackId: string, bytes: Buffer, name: string, label: string) {
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, bytes, name, [
    { name: 'label', value: label },
  ]);
  expect(res.statusCode).toBe(201);
  return { trackId, versionId: res.json().data.version._id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-packages-test-'));

  const introMix = sineWav({ seconds: 1, hz: 440 });
  intro = await version(
    (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Intro' }))._id,
    introMix,
    UNICODE,
    'Mix 1',
  );
  expected.set(`Intro - Mix 1/${UNICODE}`, introMix);
  const stems = [
    { name: 'Kick', originalName: 'kick.wav', file: 'Kick.wav' },
    { name: 'kick', originalName: 'Kick.WAV', file: 'kick (2).WAV' },
    { name: 'Bass/Sub', originalName: 'sub.wav', file: 'Bass-Sub.wav' },
    { name: 'Вокал', originalName: 'vox.wav', file: 'Вокал.wav' },
  ];
  for (const [i, s] of stems.entries()) {
    const bytes = sineWav({ seconds: 0.5, hz: 220 * (i + 1) });
    await insertStem(t.app, { projectId: p.projectId, ...intro }, { ...s, bytes });
    expected.set(`Intro - Mix 1/stems/${s.file}`, bytes);
  }
  await postComment(t.app, p.owner.token, `${versionUrl(intro)}/comments`, {
    body: 'Kick too loud',
    at: 0.5,
  });

  const outroTrack = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Outro' }))._id;
  await version(outroTrack, sineWav({ seconds: 1, hz: 330 }), 'outro-old.wav', 'Rough');
  const outroMix = sineWav({ seconds: 1, hz: 660 });
  outro = await version(outroTrack, outroMix, 'outro.wav', 'Final');
  const current = await t.app.inject({
    method: 'POST',
    url: `${versionUrl(outro)}/current`,
    headers: bearer(p.owner.token),
  });
  expect(current.statusCode).toBe(200);
  expected.set('02 Outro/outro.wav', outroMix);

  const files = [
    { name: 'words.txt', category: 'lyrics', bytes: Buffer.from('first line\nsecond line\n') },
    { name: 'cover.png', category: 'artwork', bytes: Buffer.from('not really a png') },
    { name: UNICODE, category: 'reference', bytes: sineWav({ seconds: 0.25 }) },
  ];
  for (const f of files) {
    const res = await uploadFile(t.app, p.owner.token, p.projectId, f.bytes, f.name, f.category);
    expect(res.statusCode).toBe(201);
    expected.set(`Files/${f.category}/${f.name}`, f.bytes);
  }
  await jobQueue(t.app.ctx).idle();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, token: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...headers } });

const judged = (res: LightMyRequestResponse) => judgedPackage(res, dir);

describe('a version’s package', () => {
  it('holds the mix under its own name, the stems, the markers and the checksums, every byte its source’s', async () => {
    const res = await get(`${versionUrl(intro)}/package.zip`, p.viewer.token);
    const { file, entries, sums } = await judged(res);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Intro%20-%20Mix%201.zip");
    const names = entries.map((e) => e.name);
    const markers = ['txt', 'csv', 'mid'].map((ext) => `Intro - Mix 1/Intro - Mix 1 markers.${ext}`);
    const inFolder = [...expected.keys()].filter((n) => n.startsWith('Intro - Mix 1/'));
    expect(names.sort()).toEqual([...inFolder, ...markers, 'checksums.sha256'].sort());
    for (const e of entries)
      if (expected.has(e.name)) expect(e.sha256, e.name).toBe(sha256Hex(expected.get(e.name)!));
    // The markers are the export's own files for this version.
    for (const [ext, format] of [
      ['txt', 'audacity'],
      ['csv', 'reaper'],
      ['mid', 'midi'],
    ]) {
      const exported = await get(`${versionUrl(intro)}/markers?format=${format}`, p.viewer.token);
      expect(exported.statusCode).toBe(200);
      const entry = entries.find((e) => e.name === `Intro - Mix 1/Intro - Mix 1 markers.${ext}`)!;
      expect(entry.sha256).toBe(sha256Hex(exported.rawPayload));
    }
    expect(entries.find((e) => e.name.endsWith('markers.txt'))!.bytes!.toString()).toContain('Kick too loud');
    expect(sums.split('\n').filter(Boolean)).toHaveLength(entries.length - 1);
    // The names as other tools list them.
    expect(await unzipNames(file)).toContain(`Intro - Mix 1/${UNICODE}`);
    expect(await sevenZipNames(file)).toContain(`Intro - Mix 1/stems/Вокал.wav`);
  });

  it('is refused as the version’s audio is: 401 signed out, 404 for a stranger or another track’s version', async () => {
    expect((await get(`${versionUrl(intro)}/package.zip`, null)).statusCode).toBe(401);
    const stranger = await get(`${versionUrl(intro)}/package.zip`, p.stranger.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const crossed = await get(
      `${versionUrl({ trackId: outro.trackId, versionId: intro.versionId })}/package.zip`,
      p.owner.token,
    );
    expect(crossed.statusCode).toBe(404);
    const malformed = await get(
      `${versionUrl({ trackId: 'x', versionId: '..' })}/package.zip`,
      p.owner.token,
    );
    expect(malformed.statusCode).toBe(404);
  });
});

describe('a project’s deliverables', () => {
  it('hold each track’s current version and stems in order, and the files by category', async () => {
    const res = await get(`/api/projects/${p.projectId}/package.zip`, p.viewer.token);
    const { entries } = await judged(res);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Night%20Drive%20-%20Deliverables.zip",
    );
    const wanted = new Map(
      [...expected].map(([name, bytes]) => [name.replace(/^Intro - Mix 1\//, '01 Intro/'), bytes] as const),
    );
    expect(entries.map((e) => e.name).sort()).toEqual([...wanted.keys(), 'checksums.sha256'].sort());
    for (const e of entries)
      if (wanted.has(e.name)) expect(e.sha256, e.name).toBe(sha256Hex(wanted.get(e.name)!));
    // The earlier version of Outro is not a deliverable.
    expect(entries.some((e) => e.name.includes('outro-old'))).toBe(false);
    expect(entries.findIndex((e) => e.name.startsWith('01 Intro/'))).toBeLessThan(
      entries.findIndex((e) => e.name.startsWith('02 Outro/')),
    );
  });

  it('of a project with no tracks and no files: a valid ZIP holding an empty checksums.sha256', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(p.owner.token),
      payload: { title: 'Empty', type: 'single' },
    });
    expect(made.statusCode).toBe(201);
    const res = await get(`/api/projects/${made.json().data.project._id}/package.zip`, p.owner.token);
    const { entries } = await judged(res);
    expect(entries.map((e) => e.name)).toEqual(['checksums.sha256']);
    expect(entries[0]!.size).toBe(0);
  });

  it('is 404 for a stranger and for what is no project', async () => {
    expect((await get(`/api/projects/${p.projectId}/package.zip`, p.stranger.token)).statusCode).toBe(404);
    expect((await get('/api/projects/nope/package.zip', p.owner.token)).statusCode).toBe(404);
  });
});

describe('stems sent through the stems API', () => {
  it('are in the package as stored; a replaced stem’s new audio replaces it there, under a new ETag', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Through the API' });
    const mix = sineWav({ seconds: 1 });
    const made = await version(track._id, mix, 'api mix.wav', 'One');
    const stemsUrl = `${versionUrl(made)}/stems`;
    const first = sineWav({ seconds: 1, hz: 110 });
    const sent = await sendStem(t.app, p.owner.token, stemsUrl, first, 'Low End.wav');
    expect(sent.statusCode, sent.body).toBe(201);
    const stem = sent.json().data.stem as { _id: string; name: string };
    await jobQueue(t.app.ctx).idle();
    const before = await get(`${versionUrl(made)}/package.zip`, p.owner.token);
    const { entries } = await judged(before);
    const path = `Through the API - One/stems/${stem.name}.wav`;
    expect(entries.find((e) => e.name === path)?.sha256).toBe(sha256Hex(first));

    const second = sineWav({ seconds: 1, hz: 55 });
    const replaced = await sendStem(t.app, p.owner.token, stemsUrl, second, 'Low End v2.wav', {
      replace: stem._id,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    await jobQueue(t.app.ctx).idle();
    const after = await get(`${versionUrl(made)}/package.zip`, p.owner.token);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const again = await judged(after);
    expect(again.entries.find((e) => e.name === path)?.sha256).toBe(sha256Hex(second));
  });
});

describe('the digests a package needs', () => {
  it('are kept per stored object once read, equal to the object’s bytes', async () => {
    await get(`/api/projects/${p.projectId}/package.zip`, p.owner.token);
    const rows = await t.app.ctx.db.selectFrom('object_digests').selectAll().execute();
    const byKey = new Map(rows.map((r) => [r.storage_key, r]));
    const versions = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', intro.versionId)
      .execute();
    const row = byKey.get(versions[0]!.storage_key)!;
    const bytes = await storedBytes(t.app, row.storage_key);
    expect(row.sha256).toBe(sha256Hex(bytes));
    expect(Number(row.size)).toBe(bytes.length);
  });

  it('of objects stored since are computed ahead by a job; those of objects gone are removed', async () => {
    const bytes = Buffer.from('a file nobody has packaged yet');
    const res = await uploadFile(t.app, p.owner.token, p.projectId, bytes, 'later.txt', 'other');
    const key = (
      await t.app.ctx.db
        .selectFrom('project_files')
        .select('storage_key')
        .where('id', '=', res.json().data.file._id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(await queueMissingDigests(t.app.ctx)).toBeGreaterThanOrEqual(1);
    await jobQueue(t.app.ctx).idle();
    const row = await t.app.ctx.db
      .selectFrom('object_digests')
      .selectAll()
      .where('storage_key', '=', key)
      .executeTakeFirst();
    expect(row?.sha256).toBe(sha256Hex(bytes));
    expect(await queueMissingDigests(t.app.ctx)).toBe(0);

    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await t.app.ctx.db
      .insertInto('object_digests')
      .values({
        storage_key: 'projects/gone/files/gone',
        size: 1,
        crc32: 1,
        sha256: 'ab',
        created_at: longAgo,
      })
      .execute();
    await t.app.ctx.db
      .updateTable('object_digests')
      .set({ created_at: longAgo })
      .where('storage_key', '=', key)
      .execute();
    expect(await removeUnnamedDigests(t.app.ctx)).toBe(1);
    const left = await t.app.ctx.db.selectFrom('object_digests').select('storage_key').execute();
    expect(left.map((r) => r.storage_key)).toContain(key);
    expect(left.map((r) => r.storage_key)).not.toContain('projects/gone/files/gone');
  });
});
