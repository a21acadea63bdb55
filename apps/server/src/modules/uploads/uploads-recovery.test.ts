// Resumable uploads that meet trouble, driven against the running app: a connection cut mid-chunk keeps the
// bytes that arrived and the client goes on from there (the finished file is the same bytes); a job tried
// again after a crash finds the version or file its first try made, and makes nothing twice.
import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople, sineWav } from '../media/media-testing.ts';
import { uploadJob } from './finish.ts';
import { uploadStore } from './store.ts';
import {
  createUpload,
  cutPatch,
  idOf,
  listening,
  outcome,
  tusHeaders,
  tusSend,
  waitingBytes,
} from './uploads-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  base = await listening(t.app);
});
afterAll(async () => {
  await t.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function storedBytes(url: string, token: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('a connection cut mid-chunk', () => {
  it('keeps the bytes that arrived: the client goes on from there, and the file is the same bytes', async () => {
    const MIB = 1024 * 1024;
    const data = randomBytes(10 * MIB);
    const meta = { target: 'file', projectId: p.projectId, category: 'session', filename: 'cut.bin' };
    const url = await createUpload(t.app, p.owner.token, data.length, meta);
    // 5 MiB of an 8 MiB chunk sent; cut once the server has written its first 4 MiB block.
    const dir = path.join(t.config.dataDir, 'uploads');
    await cutPatch(
      base,
      p.owner.token,
      url,
      0,
      data.subarray(0, 8 * MIB),
      5 * MIB,
      () => waitingBytes(dir) >= 4 * MIB,
    );
    // As a client does: ask for the offset and send from there; a 409 while the server is still finishing the
    // cut request's write means ask again.
    let kept = -1;
    await until(
      async () => {
        const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) });
        kept = Number(head.headers['upload-offset']);
        const rest = await t.app.inject({
          method: 'PATCH',
          url,
          headers: tusHeaders(p.owner.token, {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(kept),
          }),
          payload: data.subarray(kept),
        });
        if (rest.statusCode !== 409) expect(rest.statusCode).toBe(204);
        return rest.statusCode === 204;
      },
      10_000,
      'the rest of the upload accepted',
    );
    expect(kept).toBeGreaterThanOrEqual(4 * MIB);
    expect(kept).toBeLessThanOrEqual(5 * MIB);
    const done = await outcome(t.app, p.owner.token, idOf(url));
    expect(done.status).toBe('done');
    expect(sha(await storedBytes(done.file?.downloadUrl ?? '', p.owner.token))).toBe(sha(data));
  });
});

describe('a job tried again after a crash', () => {
  it('that had already made the version or the file answers with it, and makes nothing twice', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Retried' });
    const sentVersion = await tusSend(base, p.owner.token, sineWav({ seconds: 2 }), {
      target: 'version',
      projectId: p.projectId,
      trackId: track._id,
      filename: 'retried.wav',
    });
    const sentFile = await tusSend(base, p.owner.token, Buffer.from('Session notes, take 4'), {
      target: 'file',
      projectId: p.projectId,
      category: 'session',
      filename: 'retried-notes.txt',
    });
    for (const sent of [sentVersion, sentFile]) {
      const id = idOf(sent.url);
      const first = await outcome(t.app, p.owner.token, id);
      expect(first.status).toBe('done');
      expect(first.version?._id ?? first.file?._id).toBe(id);
      // As if the process had died after recording the version (or file) and before marking the upload done:
      // the upload is processing again, its bytes already gone, and its job runs once more.
      await t.app.ctx.db
        .updateTable('uploads')
        .set({ status: 'processing', result: null })
        .where('id', '=', id)
        .execute();
      const job = {
        id: `retry-${id}`,
        kind: 'upload' as const,
        subjectId: id,
        projectId: p.projectId,
        payload: {},
      };
      await uploadJob(t.app.ctx)(job, { progress: () => undefined, signal: new AbortController().signal });
      const again = await outcome(t.app, p.owner.token, id);
      // The same upload and the same version or file (whose waveform may have been drawn meanwhile).
      expect({ ...again, version: again.version?._id }).toEqual({ ...first, version: first.version?._id });
    }
    const versions = await t.app.inject({
      url: `/api/projects/${p.projectId}/tracks/${track._id}/versions`,
      headers: bearer(p.owner.token),
    });
    expect(versions.json().data.versions).toHaveLength(1);
    const files = await t.app.inject({
      url: `/api/projects/${p.projectId}/files`,
      headers: bearer(p.owner.token),
    });
    const named = files
      .json()
      .data.files.filter((f: { originalName: string }) => f.originalName === 'retried-notes.txt');
    expect(named).toHaveLength(1);
  });
});

describe('a crash after the last byte was stored and before the upload was handed over', () => {
  it('HEAD finds every byte there and hands the upload over: it becomes the version', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Handed over late' });
    const wav = sineWav({ seconds: 2 });
    const url = await createUpload(t.app, p.owner.token, wav.length, {
      target: 'version',
      projectId: p.projectId,
      trackId: track._id,
      filename: 'late.wav',
    });
    // The bytes stored as the chunk's request would have stored them, and then the process gone: no hand-over.
    await uploadStore(t.app.ctx).writeChunk(idOf(url), 0, Readable.from([wav]), { maxBytes: wav.length });
    expect((await outcome(t.app, p.owner.token, idOf(url))).status).toBe('uploading');
    const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(wav.length));
    const done = await outcome(t.app, p.owner.token, idOf(url));
    expect(done.status).toBe('done');
    expect(done.version?.originalName).toBe('late.wav');
    expect(sha(await storedBytes(done.version?.audioUrl ?? '', p.owner.token))).toBe(sha(wav));
  });
});

describe('a finished upload on the disk', () => {
  it('becomes the stored file without a copy: the same bytes on the disk, under a second name', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const id = idOf(
      await createUpload(t.app, p.owner.token, data.length, {
        target: 'file',
        projectId: p.projectId,
        category: 'session',
        filename: 'linked.bin',
      }),
    );
    // Stored as its chunks would be, then handed over by HEAD (as above), so its inode can be read first.
    const store = uploadStore(t.app.ctx);
    await store.writeChunk(id, 0, Readable.from([data]), { maxBytes: data.length });
    const waiting = statSync(store.localPath?.(id) ?? '').ino;
    await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(p.owner.token) });
    const done = await outcome(t.app, p.owner.token, id);
    expect(done.status).toBe('done');
    const stored = t.app.ctx.storage.localPath?.(`projects/${p.projectId}/files/${id}`) ?? '';
    expect(statSync(stored).ino).toBe(waiting);
    // The waiting name is gone; the stored one is the only name left, and the bytes are the upload's.
    expect(statSync(stored).nlink).toBe(1);
    expect(sha(await storedBytes(done.file?.downloadUrl ?? '', p.owner.token))).toBe(sha(data));
  });
});

describe('a burst of chunks for one upload', () => {
  it('100 PATCHes at the same offset at once: one is written, the other 99 get 409', async () => {
    const chunk = randomBytes(256 * 1024);
    const url = await createUpload(t.app, p.owner.token, 2 * chunk.length, {
      target: 'file',
      projectId: p.projectId,
      category: 'session',
      filename: 'burst.bin',
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'PATCH',
          url,
          headers: tusHeaders(p.owner.token, {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': '0',
          }),
          payload: chunk,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(p.owner.token) });
    expect(head.headers['upload-offset']).toBe(String(chunk.length));
  });
});
