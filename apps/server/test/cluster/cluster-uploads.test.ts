// `npm run test:cluster`: resumable uploads on the scaled-out shape (two instances behind nginx on PostgreSQL,
// Redis and S3), sent by tus-js-client: an upload started through one instance completes through the other;
// one sent through nginx, each chunk to whichever instance nginx picks, lands whole; and two requests writing
// the same upload at once through the two instances: one writes, the other is told to ask for the offset.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Upload } from '@mixdesk/contract/uploads';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
} from '../../src/modules/media/media-testing.ts';
import { idOf, metadataHeader, tusHeaders, tusSend } from '../../src/modules/uploads/uploads-testing.ts';
import { bearer } from '../helper.ts';
import { until } from '../services.ts';
import { type Cluster, endpoint, nginxAvailable, startCluster } from './cluster-services.ts';

let c: Cluster;
let lb: FastifyInstance;
let a: FastifyInstance;
let f: ProjectWithPeople;

beforeAll(async () => {
  if (!nginxAvailable()) return;
  c = await startCluster();
  [lb, a] = [endpoint(c.lb, c.db), endpoint(c.a.url, c.db)];
  f = await projectWithPeople(lb);
}, 120_000);
afterAll(async () => {
  await c?.stop();
}, 60_000);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const status = async (id: string): Promise<Upload> =>
  (await lb.inject({ url: `/api/uploads/${id}`, headers: bearer(f.owner.token) })).json().data;

/** The upload once an instance's job has made it what it was for (or refused it). */
async function finished(id: string): Promise<Upload> {
  await until(
    async () => ['done', 'failed'].includes((await status(id)).status),
    30_000,
    'the upload processed',
  );
  return status(id);
}

/** The stored version's bytes, read through nginx. */
async function storedBytes(upload: Upload): Promise<Buffer> {
  const res = await lb.inject({ url: upload.version?.audioUrl ?? '', headers: bearer(f.owner.token) });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Nothing of any upload is left waiting in the bucket. */
async function nothingWaiting() {
  expect(await c.s3.keys('uploads/')).toEqual([]);
  expect((await c.s3.pendingUploads()).filter((k) => k.startsWith('uploads/'))).toEqual([]);
}

describe.runIf(nginxAvailable())('resumable uploads on two instances behind nginx', () => {
  it('an upload started through one instance completes through the other', async () => {
    const track = await addTrack(a, f.owner.token, f.projectId, { title: 'Sent through both' });
    // 7.6 MB in 2 MiB chunks: a multipart part and a tail wait in the bucket when A stops.
    const wav = sineWav({ seconds: 43, channels: 2 });
    const meta = { target: 'version', projectId: f.projectId, trackId: track._id, filename: 'both.wav' };
    const chunkSize = 2 * 1024 * 1024;
    const first = await tusSend(c.a.url, f.owner.token, wav, meta, {
      chunkSize,
      stopAt: (sent) => sent >= wav.length / 2,
    });
    expect(first.url.startsWith(c.a.url)).toBe(true);
    const onB = `${c.b.url}/api/uploads/${idOf(first.url)}`;
    const second = await tusSend(c.b.url, f.owner.token, wav, meta, { chunkSize, uploadUrl: onB });
    // B went on from where A stopped: nothing sent twice.
    expect(second.patchOffsets[0]).toBe(first.patchOffsets.at(-1)! + chunkSize);
    const done = await finished(idOf(first.url));
    expect(done.status).toBe('done');
    expect(sha(await storedBytes(done))).toBe(sha(wav));
    await nothingWaiting();
  }, 60_000);

  it('an upload through nginx, each chunk to whichever instance nginx picks, lands whole', async () => {
    const track = await addTrack(lb, f.owner.token, f.projectId, { title: 'Through nginx' });
    const wav = sineWav({ seconds: 5, channels: 2, hz: 330 });
    const meta = { target: 'version', projectId: f.projectId, trackId: track._id, filename: 'lb.wav' };
    const sent = await tusSend(c.lb, f.owner.token, wav, meta, { chunkSize: 128 * 1024 });
    expect(sent.patchOffsets.length).toBeGreaterThan(6);
    const done = await finished(idOf(sent.url));
    expect(done.status).toBe('done');
    expect(sha(await storedBytes(done))).toBe(sha(wav));
    await nothingWaiting();
  }, 60_000);

  it('two chunks of one upload at once through the two instances: one is written, the other gets 409', async () => {
    const track = await addTrack(a, f.owner.token, f.projectId, { title: 'Raced' });
    const created = await a.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(f.owner.token, {
        'upload-length': '1000',
        'upload-metadata': metadataHeader({ target: 'version', projectId: f.projectId, trackId: track._id }),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = idOf(String(created.headers.location));
    // A's chunk: half of it sent, the rest held back, so A holds the upload while B is asked.
    const onA = http.request(`${c.a.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: tusHeaders(f.owner.token, {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': '1000',
      }),
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      onA.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      onA.on('error', reject);
    });
    onA.write(Buffer.alloc(500, 1));
    await until(() => chunkLockHeld(id), 10_000, "A to hold the upload's chunk lock");
    const onB = await fetch(`${c.b.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: tusHeaders(f.owner.token, {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      }),
      body: Buffer.alloc(1000, 2),
    });
    expect(onB.status).toBe(409);
    expect(await onB.json()).toMatchObject({ success: false, message: expect.stringMatching(/offset/) });
    onA.end(Buffer.alloc(500, 1));
    expect((await answered).statusCode).toBe(204);
    const head = await fetch(`${c.b.url}/api/uploads/${id}`, {
      method: 'HEAD',
      headers: tusHeaders(f.owner.token),
    });
    expect(head.headers.get('upload-offset')).toBe('1000');
    // A's bytes, not B's: and they are not audio, so the upload fails and keeps nothing.
    const done = await finished(id);
    expect(done.status).toBe('failed');
    await nothingWaiting();
  }, 60_000);
});

/** Whether an instance holds the advisory lock of the upload's chunk (modules/uploads/chunk-lock.ts's key). */
async function chunkLockHeld(id: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks
    where locktype = 'advisory' and objsubid = 1 and granted
      and ((classid::int8 << 32) | objid::int8)
        = hashtextextended(current_schema() || ':upload-chunk:' || ${id}, 0)`.execute(c.db);
  return (rows[0]?.n ?? 0) > 0;
}
