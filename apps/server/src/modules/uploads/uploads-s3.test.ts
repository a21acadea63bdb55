// Resumable uploads with S3_BUCKET set (s3rver, test/s3-server.ts), sent by tus-js-client: the chunks wait in
// the bucket under uploads/ (decision 041; every instance sees them there) and the finished file lands in the
// bucket as a single-request upload's does, with nothing of it left waiting; a stopped upload resumes; what a
// chunk may not be is refused as on the disk, leaving the bucket as it was. On both dialects, so PostgreSQL + S3.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { sweepOrphans } from '../../platform/storage/storage-sweeper.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
} from '../media/media-testing.ts';
import { sweepUploads } from './sweep.ts';
import {
  idOf,
  listening,
  metadataHeader,
  outcome,
  tusHeaders,
  tusSend,
  waitingFiles,
} from './uploads-testing.ts';

let s3: TestS3Server;
let t: TestApp;
let p: ProjectWithPeople;
let base: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config });
  p = await projectWithPeople(t.app);
  base = await listening(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A version's upload into a new track, stopped after its first 64 KiB chunk (a tail in the bucket). */
async function stoppedAfterOneChunk(title: string) {
  const trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title }))._id;
  const wav = sineWav({ seconds: 2 });
  const sent = await tusSend(
    base,
    p.owner.token,
    wav,
    { target: 'version', projectId: p.projectId, trackId },
    { chunkSize: 64 * 1024, stopAt: (n) => n >= 64 * 1024 },
  );
  return { sent, wav, trackId };
}

describe('resumable uploads into an S3 bucket', () => {
  it('a version stopped halfway resumes, and lands in the bucket with the same bytes', async () => {
    const trackId = (await addTrack(t.app, p.owner.token, p.projectId))._id;
    const wav = sineWav({ seconds: 3, channels: 2 });
    const meta = { target: 'version', projectId: p.projectId, trackId, filename: 'mix.wav' };
    const first = await tusSend(base, p.owner.token, wav, meta, {
      chunkSize: 128 * 1024,
      stopAt: (sent) => sent >= wav.length / 2,
    });
    const second = await tusSend(base, p.owner.token, wav, meta, {
      chunkSize: 128 * 1024,
      uploadUrl: first.url,
    });
    expect(second.patchOffsets[0]).toBeGreaterThan(0);
    const done = await outcome(t.app, p.owner.token, idOf(first.url));
    expect(done.status).toBe('done');
    // The version and, once made, its two listening copies: all in the bucket.
    await jobQueue(t.app.ctx).idle();
    const keys = await s3.keys(`projects/${p.projectId}/tracks/`);
    const key = `projects/${p.projectId}/tracks/${done.version?._id}`;
    expect([...keys].sort()).toEqual([key, `${key}-compact`, `${key}-lossless`]);
    const audio = await t.app.inject({ url: done.version?.audioUrl ?? '', headers: bearer(p.owner.token) });
    expect(sha(audio.rawPayload)).toBe(sha(wav));
    // Nothing waiting, in the bucket or on the disk; no stored file on the disk.
    expect(await s3.keys('uploads/')).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
    expect(storedFiles(t.config.dataDir)).toEqual([]);
  });

  it('a refused file keeps nothing in the bucket either', async () => {
    const trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'B-side' }))._id;
    const before = await s3.keys();
    const sent = await tusSend(base, p.owner.token, Buffer.alloc(300_000, 0x20), {
      target: 'version',
      projectId: p.projectId,
      trackId,
    });
    expect((await outcome(t.app, p.owner.token, idOf(sent.url))).status).toBe('failed');
    expect(await s3.keys()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
  });

  it('the waiting bytes are in the bucket, not on the disk: a part, and the tail too short for one', async () => {
    const trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Long one' }))._id;
    // 7.6 MB: two 2 MiB chunks wait as the tail (.part); the third makes it a 6 MiB part.
    const wav = sineWav({ seconds: 43, channels: 2 });
    const meta = { target: 'version', projectId: p.projectId, trackId, filename: 'long.wav' };
    const chunkSize = 2 * 1024 * 1024;
    const first = await tusSend(base, p.owner.token, wav, meta, {
      chunkSize,
      stopAt: (n) => n >= 2 * chunkSize,
    });
    const key = `uploads/${idOf(first.url)}`;
    expect(await s3.keys('uploads/')).toEqual([`${key}.info`, `${key}.part`]);
    expect(await s3.pendingUploads()).toEqual([key]);
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${idOf(first.url)}`,
      headers: tusHeaders(p.owner.token),
    });
    expect(head.headers['upload-offset']).toBe(String(2 * chunkSize));
    const second = await tusSend(base, p.owner.token, wav, meta, {
      chunkSize,
      uploadUrl: first.url,
      stopAt: (n) => n >= 3 * chunkSize,
    });
    expect(second.patchOffsets).toEqual([2 * chunkSize]);
    // The tail became a part of the multipart upload: no .part left.
    expect(await s3.keys('uploads/')).toEqual([`${key}.info`]);
    await tusSend(base, p.owner.token, wav, meta, { chunkSize, uploadUrl: first.url });
    const done = await outcome(t.app, p.owner.token, idOf(first.url));
    expect(done.status).toBe('done');
    expect(done.version?.size).toBe(wav.length);
    const audio = await t.app.inject({ url: done.version?.audioUrl ?? '', headers: bearer(p.owner.token) });
    expect(sha(audio.rawPayload)).toBe(sha(wav));
    expect(await s3.keys('uploads/')).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
  }, 60_000);

  it('refuses a chunk at the wrong offset, past the length or off its checksum, and the bucket keeps its bytes', async () => {
    const trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Refusals' }))._id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(p.owner.token, {
        'upload-length': '1000',
        'upload-metadata': metadataHeader({
          target: 'version',
          projectId: p.projectId,
          trackId,
          filename: 'a.wav',
        }),
      }),
    });
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    const patch = (offset: number, body: Buffer, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: tusHeaders(p.owner.token, {
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...headers,
        }),
        payload: body,
      });
    const offset = async () =>
      (await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) })).headers[
        'upload-offset'
      ];
    expect((await patch(0, Buffer.alloc(100, 7))).statusCode).toBe(204);
    const key = `uploads/${idOf(url)}`;
    const tail = async () => (await s3.keys('uploads/')).filter((k) => k === `${key}.part`);
    expect(await tail()).toEqual([`${key}.part`]);
    expect((await patch(50, Buffer.alloc(10))).statusCode).toBe(409);
    expect((await patch(100, Buffer.alloc(901, 1))).statusCode).toBe(413);
    const digest = (b: Buffer) => `sha256 ${createHash('sha256').update(b).digest('base64')}`;
    const off = await patch(100, Buffer.alloc(50, 3), { 'upload-checksum': digest(Buffer.alloc(50, 4)) });
    expect(off.statusCode).toBe(460);
    expect(off.json()).toMatchObject({ success: false, message: expect.stringMatching(/discarded/) });
    expect(await offset()).toBe('100');
    // Nothing of the refused chunks is waiting on the disk either.
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
    const ok = await patch(100, Buffer.alloc(50, 3), { 'upload-checksum': digest(Buffer.alloc(50, 3)) });
    expect(ok.headers['upload-offset']).toBe('150');
    expect(await offset()).toBe('150');
    // Terminated: the record, the tail and the multipart upload all go.
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: tusHeaders(p.owner.token) })).statusCode,
    ).toBe(204);
    expect(await s3.keys('uploads/')).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('an expired upload is swept from the bucket: its record, its tail and its multipart upload', async () => {
    const { sent } = await stoppedAfterOneChunk('Expiring');
    expect(await s3.pendingUploads()).toEqual([`uploads/${idOf(sent.url)}`]);
    await t.app.ctx.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', idOf(sent.url))
      .execute();
    const swept = await sweepUploads(t.app.ctx);
    expect(swept.expired).toBe(1);
    expect(await s3.keys('uploads/')).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('the storage sweep leaves the waiting uploads to the uploads area, whatever their age', async () => {
    const { sent, wav, trackId } = await stoppedAfterOneChunk('Waiting');
    const before = await s3.keys('uploads/');
    // With no grace age at all, as if every object were a day old.
    await sweepOrphans(t.app.ctx, { olderThanMs: -60_000 });
    expect(await s3.keys('uploads/')).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([`uploads/${idOf(sent.url)}`]);
    await tusSend(
      base,
      p.owner.token,
      wav,
      { target: 'version', projectId: p.projectId, trackId },
      {
        chunkSize: 64 * 1024,
        uploadUrl: sent.url,
      },
    );
    expect((await outcome(t.app, p.owner.token, idOf(sent.url))).status).toBe('done');
  });
});
