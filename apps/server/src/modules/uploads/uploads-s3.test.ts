// Resumable uploads with S3_BUCKET set (s3rver, test/s3-server.ts), sent by tus-js-client: the chunks wait on
// this instance's disk (decision 041) and the finished file lands in the bucket as a single-request upload's
// does, with nothing of it left on the disk; a stopped upload resumes. On both dialects, so PostgreSQL + S3.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
} from '../media/media-testing.ts';
import { idOf, listening, outcome, tusSend, waitingFiles } from './uploads-testing.ts';

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
    const keys = await s3.keys(`projects/${p.projectId}/tracks/`);
    expect(keys).toEqual([`projects/${p.projectId}/tracks/${done.version?._id}`]);
    const audio = await t.app.inject({ url: done.version?.audioUrl ?? '', headers: bearer(p.owner.token) });
    expect(sha(audio.rawPayload)).toBe(sha(wav));
    // Nothing on the disk: not the upload's waiting bytes, not a stored file.
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
});
