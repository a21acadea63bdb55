// A project's other files: upload into a category, list and count by category, download exactly what was
// uploaded (always as an attachment), move, delete; bad input changes nothing; totalFileSize stays exact.
import { existsSync, readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import {
  multipart,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
  totalsCheck,
  uploadFile,
} from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

const LIMIT = 200_000;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT });
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

  it('a file of exactly the limit is stored whole; one byte more: 413 with the limit’s message', async () => {
    await refused(
      () => uploadFile(t.app, p.owner.token, p.projectId, Buffer.alloc(LIMIT + 1, 1), 'over.bin'),
      413,
    );
    const over = await uploadFile(t.app, p.owner.token, p.projectId, Buffer.alloc(LIMIT + 1, 1), 'over.bin');
    expect(over.json()).toMatchObject({
      message: 'The file is larger than the 195.3 KB upload limit.',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const exact = Buffer.alloc(LIMIT, 1);
    const res = await uploadFile(t.app, p.owner.token, p.projectId, exact, 'exact.bin');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.file.size).toBe(LIMIT);
    expect((await get(res.json().data.file.downloadUrl)).rawPayload.equals(exact)).toBe(true);
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

describe('the storage quota, at its edges', () => {
  const KB = 1024;
  const QUOTA = 300 * KB;
  const UPLOAD_LIMIT = 100 * KB;
  let q: TestApp;
  let url: string;

  beforeAll(async () => {
    q = await createTestApp({ storageQuotaBytes: QUOTA, maxUploadBytes: UPLOAD_LIMIT });
    await q.app.listen({ port: 0, host: '127.0.0.1' });
    url = `127.0.0.1:${(q.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await q.close();
  });

  async function freshProject() {
    const owner = await registerUser(q.app, { name: 'Quota Owner' });
    const res = await q.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Tight' },
    });
    return { owner, projectId: res.json().data.project._id as string };
  }
  const put = (who: { token: string }, projectId: string, bytes: number, category = 'stems') =>
    uploadFile(q.app, who.token, projectId, Buffer.alloc(bytes, 9), `${bytes}.bin`, category);
  const kept = async (projectId: string) => ({
    disk: storedFiles(q.config.dataDir),
    rows: await q.app.ctx.db
      .selectFrom('project_files')
      .select('id')
      .where('project_id', '=', projectId)
      .execute(),
    totals: (await totalsCheck(q.app, projectId)).stored,
  });
  const quotaRefusal = (usedKb: number) => ({
    success: false,
    message: STORAGE_QUOTA_EXCEEDED,
    error: {
      code: 'PAYLOAD_TOO_LARGE',
      details: [
        { path: 'file', message: `${usedKb} KB of 300 KB is used; delete files or versions to make room.` },
      ],
    },
  });

  it('takes an upload that fills the quota exactly, and refuses one byte more with the quota’s message', async () => {
    const { owner, projectId } = await freshProject();
    expect((await put(owner, projectId, UPLOAD_LIMIT)).statusCode).toBe(201);
    expect((await put(owner, projectId, UPLOAD_LIMIT)).statusCode).toBe(201);
    // 100 KB of room, as much as the upload limit: one byte past it is over the upload limit, not the quota.
    let before = await kept(projectId);
    const pastLimit = await put(owner, projectId, UPLOAD_LIMIT + 1);
    expect(pastLimit.statusCode).toBe(413);
    expect(pastLimit.json().message).toBe('The file is larger than the 100 KB upload limit.');
    expect(await kept(projectId)).toEqual(before);

    expect((await put(owner, projectId, 60 * KB)).statusCode).toBe(201);
    // 40 KB of room left: 40 KB and one byte is over the quota.
    before = await kept(projectId);
    const pastQuota = await put(owner, projectId, 40 * KB + 1);
    expect(pastQuota.statusCode).toBe(413);
    expect(pastQuota.json()).toEqual(quotaRefusal(260));
    expect(await kept(projectId)).toEqual(before);

    const exact = await put(owner, projectId, 40 * KB);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.totals.totalFileSize).toBe(QUOTA);
  });

  it('with the quota used up, refuses any upload at once, before reading its fields', async () => {
    const { owner, projectId } = await freshProject();
    for (const bytes of [UPLOAD_LIMIT, UPLOAD_LIMIT, UPLOAD_LIMIT])
      expect((await put(owner, projectId, bytes)).statusCode).toBe(201);
    const before = await kept(projectId);
    // A bad category would be a 400 once the upload is read: the quota answers first.
    const res = await put(owner, projectId, 1, 'videos');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(quotaRefusal(300));
    expect(await kept(projectId)).toEqual(before);
  });

  it('an upload whose room was taken while it streamed is refused when recorded, and leaves nothing', async () => {
    const { owner, projectId } = await freshProject();
    const slow = Buffer.alloc(90 * KB, 4);
    const socket = net.connect(Number(url.split(':')[1]), '127.0.0.1');
    let answer = '';
    socket.on('data', (c) => {
      answer += c.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/projects/${projectId}/files?category=stems HTTP/1.1\r\nHost: ${url}\r\n` +
        `Authorization: Bearer ${owner.token}\r\nContent-Type: application/octet-stream\r\n` +
        `Content-Length: ${slow.length}\r\n\r\n`,
    );
    socket.write(slow.subarray(0, 30 * KB));
    try {
      // Its room (the whole quota) was measured when it began; it is being written now.
      await expect
        .poll(() => storedFiles(q.config.dataDir).some((f) => f.endsWith('.part')), { timeout: 10_000 })
        .toBe(true);
      for (const bytes of [UPLOAD_LIMIT, UPLOAD_LIMIT, 50 * KB])
        expect((await put(owner, projectId, bytes)).statusCode).toBe(201);
      const now = await kept(projectId);
      // What must remain once it is refused: everything but its own partial file.
      const before = { ...now, disk: now.disk.filter((f) => !f.endsWith('.part')) };
      socket.write(slow.subarray(30 * KB));
      await expect.poll(() => answer.trimEnd().endsWith('}'), { timeout: 10_000 }).toBe(true);
      expect(answer.split(' ')[1]).toBe('413');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(quotaRefusal(300));
      await expect.poll(async () => kept(projectId), { timeout: 10_000 }).toEqual(before);
    } finally {
      socket.destroy();
    }
  });
});
