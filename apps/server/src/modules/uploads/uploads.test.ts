// Resumable uploads driven by tus-js-client (the protocol's own client, nobody here wrote it) against the
// running app: each target (a version, a project's file, an avatar) ends as today's single-request upload
// ends, a stopped upload resumes from the offset the server kept, and a refused file keeps nothing.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, registerUser, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
} from '../media/media-testing.ts';
import { NOT_AUDIO } from '../media/versions-service.ts';
import { PNG } from '../profile/test-fixtures.ts';
import { uploadJob } from './finish.ts';
import {
  cutPatch,
  idOf,
  listening,
  metadataHeader,
  outcome,
  tusHeaders,
  tusSend,
  waitingBytes,
  waitingFiles,
} from './uploads-testing.ts';
import { uploadsUserData } from './user-data.ts';

let t: TestApp;
let p: ProjectWithPeople;
let base: string;
let trackId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Opener' }))._id;
  base = await listening(t.app);
});
afterAll(async () => {
  await t.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const version = (extra: Record<string, string> = {}) => ({
  target: 'version',
  projectId: p.projectId,
  trackId,
  filename: 'Opener (mix 3).wav',
  filetype: 'audio/wav',
  ...extra,
});

async function storedBytes(url: string, token: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('a version', () => {
  it('arrives in chunks, goes through the upload pipeline, and is the same bytes', async () => {
    const wav = sineWav({ seconds: 3, channels: 2 });
    const sent = await tusSend(base, p.editor.token, wav, version({ label: 'Mix 3' }), {
      chunkSize: 100_000,
    });
    expect(sent.patchOffsets).toEqual([0, 100_000, 200_000, 300_000, 400_000, 500_000]);
    const done = await outcome(t.app, p.editor.token, idOf(sent.url));
    expect(done).toMatchObject({ status: 'done', target: 'version', length: wav.length, offset: wav.length });
    expect(done.version).toMatchObject({
      label: 'Mix 3',
      originalName: 'Opener (mix 3).wav',
      size: wav.length,
    });
    expect(done.version?.duration).toBeCloseTo(3, 2);
    const audio = await storedBytes(done.version?.audioUrl ?? '', p.editor.token);
    expect(sha(audio)).toBe(sha(wav));
    // The upload's own bytes are gone once it became the version.
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
  });

  it('with its first bytes in the creation request (creation-with-upload), and made current when asked', async () => {
    const wav = sineWav({ seconds: 1, channels: 1 });
    const sent = await tusSend(base, p.owner.token, wav, version({ makeCurrent: 'true' }), {
      chunkSize: 50_000,
      uploadDataDuringCreation: true,
    });
    // The creation carried bytes 0–49,999: the PATCHes start after them.
    expect(sent.patchOffsets[0]).toBe(50_000);
    const done = await outcome(t.app, p.owner.token, idOf(sent.url));
    expect(done.version).toMatchObject({ isCurrent: true, size: wav.length });
  });

  it('stopped halfway, resumes from the offset the server kept, sending no byte twice', async () => {
    const wav = sineWav({ seconds: 4, channels: 2 });
    const first = await tusSend(base, p.owner.token, wav, version(), {
      chunkSize: 128 * 1024,
      stopAt: (sent) => sent >= wav.length / 2,
    });
    expect(first.stopped).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: first.url, headers: tusHeaders(p.owner.token) });
    expect(head.statusCode).toBe(200);
    const kept = Number(head.headers['upload-offset']);
    expect(kept).toBe(first.patchOffsets.length * 128 * 1024);
    expect(head.headers['upload-length']).toBe(String(wav.length));
    expect(head.headers['cache-control']).toBe('no-store');
    expect(Date.parse(String(head.headers['upload-expires']))).toBeGreaterThan(Date.now());
    const mid = await outcome(t.app, p.owner.token, idOf(first.url));
    expect(mid).toMatchObject({ status: 'uploading', offset: kept });

    const second = await tusSend(base, p.owner.token, wav, version(), {
      chunkSize: 128 * 1024,
      uploadUrl: first.url,
    });
    expect(second.url).toBe(first.url);
    expect(second.patchOffsets[0]).toBe(kept);
    const done = await outcome(t.app, p.owner.token, idOf(first.url));
    expect(done.status).toBe('done');
    expect(sha(await storedBytes(done.version?.audioUrl ?? '', p.owner.token))).toBe(sha(wav));
  });

  it('cut off mid-chunk, keeps the bytes that arrived: the client goes on from there', async () => {
    const MIB = 1024 * 1024;
    const data = randomBytes(10 * MIB);
    const meta = { target: 'file', projectId: p.projectId, category: 'session', filename: 'cut.bin' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(p.owner.token, {
        'upload-length': String(data.length),
        'upload-metadata': metadataHeader(meta),
      }),
    });
    const url = String(created.headers.location);
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

  it('that is not audio fails with what the single upload says, and keeps nothing', async () => {
    const before = storedFiles(t.config.dataDir);
    const versions = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions`,
          headers: bearer(p.owner.token),
        })
      ).json().data.versions.length;
    const count = await versions();
    const sent = await tusSend(
      base,
      p.owner.token,
      Buffer.from('%PDF-1.7 not a song at all'.repeat(100)),
      version(),
    );
    const failed = await outcome(t.app, p.owner.token, idOf(sent.url));
    expect(failed).toMatchObject({ status: 'failed', message: NOT_AUDIO });
    expect(failed.version).toBeUndefined();
    expect(await versions()).toBe(count);
    expect(storedFiles(t.config.dataDir)).toEqual(before);
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
  });
});

describe('a project file and an avatar', () => {
  it('a file lands in its category with its name and the folders it came from', async () => {
    const bytes = Buffer.from('Verse 1\nDrive all night\n'.repeat(500));
    const sent = await tusSend(base, p.editor.token, bytes, {
      target: 'file',
      projectId: p.projectId,
      category: 'lyrics',
      filename: 'Lyrics/../Drafts/./opener\u0000.txt',
    });
    const done = await outcome(t.app, p.editor.token, idOf(sent.url));
    expect(done.file).toMatchObject({
      category: 'lyrics',
      originalName: 'Lyrics/Drafts/opener.txt',
      size: bytes.length,
    });
  });

  it("an avatar becomes the caller's own", async () => {
    const sent = await tusSend(base, p.viewer.token, PNG, { target: 'avatar', filename: 'me.png' });
    const done = await outcome(t.app, p.viewer.token, idOf(sent.url));
    expect(done.status).toBe('done');
    expect(done.avatar).toMatch(/avatar/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(p.viewer.token),
    });
    expect(JSON.stringify(me.json())).toContain(String(done.avatar));
  });
});

describe('the protocol', () => {
  it('OPTIONS names the version, extensions, the largest upload and sha256', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(String(res.headers['tus-extension']).split(',')).toEqual(
      expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum']),
    );
    expect(res.headers['tus-checksum-algorithm']).toBe('sha256');
    expect(Number(res.headers['tus-max-size'])).toBe(2 * 1024 ** 3);
  });

  it('termination removes the upload and its bytes; it is then not found', async () => {
    const sent = await tusSend(base, p.owner.token, sineWav({ seconds: 2 }), version(), {
      stopAt: () => true,
    });
    expect(waitingFiles(t.config.dataDir).length).toBe(2);
    const del = await t.app.inject({ method: 'DELETE', url: sent.url, headers: tusHeaders(p.owner.token) });
    expect(del.statusCode).toBe(204);
    expect(del.headers['tus-resumable']).toBe('1.0.0');
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
    for (const method of ['HEAD', 'DELETE', 'GET'] as const) {
      const res = await t.app.inject({ method, url: sent.url, headers: tusHeaders(p.owner.token) });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("a person's uploads", () => {
  it('are in their data export, and go with their account, bytes and all', async () => {
    const who = await registerUser(t.app, { name: 'Leaving Soon' });
    const image = Buffer.concat([PNG, Buffer.alloc(200_000)]);
    const sent = await tusSend(
      base,
      who.token,
      image,
      { target: 'avatar', filename: 'me.png' },
      { stopAt: () => true },
    );
    expect(waitingFiles(t.config.dataDir)).toContain(idOf(sent.url));
    const { data } = await uploadsUserData.exportData(t.app.ctx, who.user._id);
    expect(data).toEqual([
      expect.objectContaining({
        id: idOf(sent.url),
        target: 'avatar',
        filename: 'me.png',
        status: 'uploading',
        length: image.length,
      }),
    ]);
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(who.token),
      payload: { email: who.user.email, password: GOOD_PASSWORD },
    });
    expect(del.statusCode).toBe(200);
    expect(waitingFiles(t.config.dataDir)).not.toContain(idOf(sent.url));
    expect(waitingFiles(t.config.dataDir)).not.toContain(`${idOf(sent.url)}.json`);
    const rows = await t.app.ctx.db
      .selectFrom('uploads')
      .select('id')
      .where('user_id', '=', who.user._id)
      .execute();
    expect(rows).toEqual([]);
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
