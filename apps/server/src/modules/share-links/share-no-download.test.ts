// "No download means no download" (issue #35): a link without downloads streams the compact copy only, so no
// request a guest can make on it returns any byte range of the original file; each stream is a listen in the
// link's access log. With downloads on, the original is there as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { addTrack, projectWithPeople, sineWav, uploadVersion } from '../media/media-testing.ts';
import { guest, makeLink } from './share-testing.ts';

let t: TestApp;
let owner: string;
let projectId: string;
let trackId: string;
let versionId: string;
let original: Buffer;
let compact: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const p = await projectWithPeople(t.app);
  owner = p.owner.token;
  projectId = p.projectId;
  trackId = (await addTrack(t.app, owner, projectId, { title: 'Unreleased' }))._id;
  // A stereo WAV: any 48 bytes of it a guest receives would be found.
  original = sineWav({ seconds: 8, hz: 331, channels: 2 });
  const res = await uploadVersion(t.app, owner, projectId, trackId, original, 'unreleased.wav');
  expect(res.statusCode).toBe(201);
  versionId = res.json().data.version._id;
  await jobQueue(t.app.ctx).idle();
  const url = `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/audio?copy=compact`;
  compact = (await t.app.inject({ url, headers: bearer(owner) })).rawPayload;
  expect(compact.length).toBeGreaterThan(1000);
});
afterAll(async () => {
  await t.close();
});

/** The original's 32-byte windows at every 16th byte: any 48 bytes of it hold one of them. */
let windows: Set<string>;

/** True when `body` holds 48 bytes or more of the original file, anywhere in it. */
function holdsOriginal(body: Buffer): boolean {
  windows ??= new Set(
    Array.from({ length: Math.floor((original.length - 32) / 16) + 1 }, (_, i) =>
      original.toString('latin1', i * 16, i * 16 + 32),
    ),
  );
  for (let at = 0; at + 32 <= body.length; at++)
    if (windows.has(body.toString('latin1', at, at + 32))) return true;
  return false;
}

const listens = (linkId: string) =>
  t.app.ctx.db
    .selectFrom('share_link_events')
    .select(['listen_id', 'seconds'])
    .where('link_id', '=', linkId)
    .where('kind', '=', 'played')
    .orderBy('created_at')
    .execute();

describe('a link without downloads', () => {
  it('never answers a byte of the original, by any path, range or query', async () => {
    // The judge finds the original wherever 48 of its bytes are, at any offset.
    expect(holdsOriginal(Buffer.concat([Buffer.from('x'), original.subarray(1001, 1049)]))).toBe(true);
    expect(holdsOriginal(compact)).toBe(false);
    for (const scope of [{ trackId }, { versionId }, {}]) {
      const made = await makeLink(t.app, owner, projectId, { ...scope, allowDownload: false });
      const visitor = guest(t.app);
      const view = await visitor.view(made.api);
      const shared = view.tracks.find((tr) => tr.version._id === versionId)!.version;
      expect(shared.downloadUrl).toBeNull();
      const base = `${made.api}/versions/${versionId}`;
      const paths = [
        `${base}/audio`,
        `${base}/audio?copy=original`,
        `${base}/audio?copy=lossless`,
        `${base}/audio?download=1`,
        `${base}/audio?listen=abcdefgh12`,
        `${base}/download`,
        `${base}/download?copy=original`,
        `${base}/original`,
        `${base}/audio/original`,
        `${base}/lossless`,
        `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/audio`,
        `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/audio?copy=original`,
      ];
      const ranges = [
        undefined,
        'bytes=0-',
        'bytes=44-',
        'bytes=-4096',
        'bytes=100-5000',
        'bytes=0-0,100-200',
      ];
      for (const url of paths)
        for (const range of ranges) {
          const res = await visitor.get(url, range ? { range } : {});
          expect(holdsOriginal(res.rawPayload), `${url} ${range}`).toBe(false);
          expect(res.statusCode, `${url} ${range}`).toBeLessThan(500);
        }
      // What plays is the compact copy, whole and by range.
      const whole = await visitor.get(`${base}/audio`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mp4');
      expect(whole.rawPayload.equals(compact)).toBe(true);
      const part = await visitor.get(`${base}/audio`, { range: 'bytes=10-99' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-99/${compact.length}`);
      expect(part.rawPayload.equals(compact.subarray(10, 100))).toBe(true);
      // The download asked for by its own path: not there (404), said plainly.
      const download = await visitor.get(`${base}/download`);
      expect(download.statusCode).toBe(404);
      expect(download.json()).toMatchObject({ success: false, message: expect.stringMatching(/downloads/) });
    }
  });

  it('plays nothing until the compact copy exists (409), never the original instead', async () => {
    const made = await makeLink(t.app, owner, projectId, { trackId, allowDownload: false });
    await t.app.ctx.db
      .updateTable('track_versions')
      .set({ compact_status: 'failed' })
      .where('id', '=', versionId)
      .execute();
    try {
      const res = await guest(t.app).get(`${made.api}/versions/${versionId}/audio`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/could not be made/),
      });
    } finally {
      await t.app.ctx.db
        .updateTable('track_versions')
        .set({ compact_status: 'done' })
        .where('id', '=', versionId)
        .execute();
    }
  });

  it('logs each stream as a listen, the page’s own when it names it, and not the rest of one', async () => {
    const made = await makeLink(t.app, owner, projectId, { trackId, allowDownload: false });
    const visitor = guest(t.app);
    const audio = `${made.api}/versions/${versionId}/audio`;
    await visitor.get(audio);
    await visitor.get(audio, { range: 'bytes=0-' });
    // Seeking on: the same stream.
    await visitor.get(audio, { range: 'bytes=5000-' });
    expect(await listens(made.link._id)).toHaveLength(2);
    // The page names its listen: the stream and the page's progress reports are one row.
    await visitor.get(`${audio}?listen=page-listen-1`, { range: 'bytes=0-' });
    const report = await visitor.post(`${made.api}/versions/${versionId}/plays`, {
      listenId: 'page-listen-1',
      seconds: 4.5,
    });
    expect(report.statusCode).toBe(200);
    const rows = await listens(made.link._id);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.listen_id === 'page-listen-1')).toEqual([
      { listen_id: 'page-listen-1', seconds: 4.5 },
    ]);
    const bad = await visitor.get(`${audio}?listen=${'x'.repeat(65)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: expect.stringMatching(/listenId/) });
  });
});

describe('a link with downloads', () => {
  it('streams and downloads the original, as before', async () => {
    const made = await makeLink(t.app, owner, projectId, { trackId, allowDownload: true });
    const visitor = guest(t.app);
    const base = `${made.api}/versions/${versionId}`;
    const audio = await visitor.get(`${base}/audio`);
    expect(audio.rawPayload.equals(original)).toBe(true);
    const download = await visitor.get(`${base}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(original)).toBe(true);
  });
});
