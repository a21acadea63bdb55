// A project's other files: upload into a category, list and count by category, download exactly what was
// uploaded (always as an attachment), move, delete; bad input changes nothing; totalFileSize stays exact.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  multipart,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadFile,
} from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 200_000 });
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const filesUrl = () => `/api/projects/${p.projectId}/files`;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer(p.owner.token), ...headers } });
const onDisk = () => {
  const root = path.join(t.config.dataDir, 'files');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
        .sort()
    : [];
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), Buffer.alloc(200, 1)]);

describe('project files', () => {
  it('uploads into a category, lists by category with counts, and downloads the same bytes', async () => {
    const lyrics = Buffer.from('Verse 1\nWe drove all night\n');
    const a = await uploadFile(t.app, p.owner.token, p.projectId, lyrics, 'Night Drive lyrics.txt', 'lyrics');
    const b = await uploadFile(t.app, p.owner.token, p.projectId, png, 'cover.png', 'artwork');
    const c = await uploadFile(
      t.app,
      p.owner.token,
      p.projectId,
      sineWav({ seconds: 0.5 }),
      'Kick.wav',
      'stems',
    );
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(a.json().data.file).toMatchObject({
      category: 'lyrics',
      originalName: 'Night Drive lyrics.txt',
      mime: 'text/plain',
      size: lyrics.length,
      uploadedBy: { _id: p.owner.user._id, name: 'Owner' },
    });
    expect(b.json().data.file.mime).toBe('image/png');
    expect(c.json().data.file.mime).toBe('audio/wav');
    expect(c.json().data.totals).toEqual((await totalsCheck(t.app, p.projectId)).expected);

    const all = (await get(filesUrl())).json().data;
    expect(all.files.map((f: { originalName: string }) => f.originalName)).toEqual([
      'Kick.wav',
      'cover.png',
      'Night Drive lyrics.txt',
    ]);
    expect(all.categories).toMatchObject({
      lyrics: { count: 1, size: lyrics.length },
      artwork: { count: 1, size: png.length },
      stems: { count: 1 },
      session: { count: 0, size: 0 },
    });
    const onlyArt = (await get(`${filesUrl()}?category=artwork`)).json().data;
    expect(onlyArt.files.map((f: { category: string }) => f.category)).toEqual(['artwork']);
    expect(onlyArt.pagination.totalFiles).toBe(1);

    const download = await get(a.json().data.file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(lyrics)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Night Drive lyrics.txt"; filename*=UTF-8''Night%20Drive%20lyrics.txt`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const part = await get(a.json().data.file.downloadUrl, { range: 'bytes=0-6' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('Verse 1');
  });

  it('never serves uploaded HTML or SVG as a page', async () => {
    const res = await uploadFile(
      t.app,
      p.owner.token,
      p.projectId,
      Buffer.from('<script>alert(1)</script>'),
      'x.html',
      'other',
    );
    const file = res.json().data.file;
    expect(file.mime).toBe('application/octet-stream');
    const download = await get(file.downloadUrl);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('stores names like ../../etc/passwd safely, under an id', async () => {
    const before = onDisk();
    const res = await uploadFile(
      t.app,
      p.owner.token,
      p.projectId,
      Buffer.from('x'),
      '../../etc/passwd',
      'other',
    );
    expect(res.json().data.file.originalName).toBe('passwd');
    const added = onDisk().filter((n) => !before.includes(n));
    expect(added).toEqual([res.json().data.file._id]);
  });

  it('moves a file to another category and deletes it with its bytes', async () => {
    const res = await uploadFile(
      t.app,
      p.owner.token,
      p.projectId,
      Buffer.from('session'),
      'song.als',
      'other',
    );
    const file = res.json().data.file;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${filesUrl()}/${file._id}`,
      headers: bearer(p.owner.token),
      payload: { category: 'session' },
    });
    expect(moved.json().data.file.category).toBe('session');
    const before = (await totalsCheck(t.app, p.projectId)).stored.totalFileSize;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${filesUrl()}/${file._id}`,
      headers: bearer(p.owner.token),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.totals.totalFileSize).toBe(before - 7);
    expect(onDisk()).not.toContain(file._id);
    expect((await get(`${filesUrl()}/${file._id}`)).statusCode).toBe(404);
    expect((await get(file.downloadUrl)).statusCode).toBe(404);
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored).toEqual(check.expected);
  });
});

describe('bad file input changes nothing', () => {
  async function refused(
    run: () => Promise<{ statusCode: number; json: () => { success: boolean } }>,
    status: number,
  ) {
    const [disk, totals] = [onDisk(), await totalsCheck(t.app, p.projectId)];
    const res = await run();
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    expect(onDisk()).toEqual(disk);
    expect(await totalsCheck(t.app, p.projectId)).toEqual(totals);
  }

  it('a category outside the list, or none: 400', async () => {
    await refused(
      () => uploadFile(t.app, p.owner.token, p.projectId, Buffer.from('x'), 'a.txt', 'videos'),
      400,
    );
    const body = multipart([{ name: 'file', value: Buffer.from('x'), filename: 'a.txt' }]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: filesUrl(),
          headers: { ...bearer(p.owner.token), ...body.headers },
          payload: body.payload,
        }),
      400,
    );
  });

  it('a file over the limit: 413', async () => {
    await refused(
      () => uploadFile(t.app, p.owner.token, p.projectId, Buffer.alloc(250_000, 1), 'big.bin'),
      413,
    );
  });

  it('an empty file: 400', async () => {
    await refused(() => uploadFile(t.app, p.owner.token, p.projectId, Buffer.alloc(0), 'empty.txt'), 400);
  });

  it('a cut-off body: 400', async () => {
    const body = multipart([
      { name: 'category', value: 'stems' },
      { name: 'file', value: Buffer.alloc(100_000, 2), filename: 'a.bin' },
    ]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: filesUrl(),
          headers: { ...bearer(p.owner.token), ...body.headers },
          payload: body.payload.subarray(0, 50_000),
        }),
      400,
    );
  });

  it('a bad category on move, unknown ids, bad list queries: 4xx', async () => {
    const res = await uploadFile(t.app, p.owner.token, p.projectId, Buffer.from('x'), 'a.txt', 'other');
    const url = `${filesUrl()}/${res.json().data.file._id}`;
    for (const payload of [{ category: 'nope' }, {}, { category: 'stems', name: 'x' }]) {
      const moved = await t.app.inject({ method: 'PUT', url, headers: bearer(p.owner.token), payload });
      expect(moved.statusCode).toBe(400);
    }
    for (const q of ['category=videos', 'page=0', 'limit=abc'])
      expect((await get(`${filesUrl()}?${q}`)).statusCode).toBe(400);
    expect((await get(`${filesUrl()}?limit=100000`)).json().data.pagination.limit).toBe(500);
    expect((await get(`${filesUrl()}/not-an-id`)).statusCode).toBe(404);
    expect((await get(`${filesUrl()}/01a200f9-c0d4-771d-a773-12834338253b/download`)).statusCode).toBe(404);
  });
});
