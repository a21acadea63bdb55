// Resumable uploads driven by tus-js-client (the protocol's own client, nobody here wrote it) against the
// running app: each target (a version, a project's file, an avatar) ends as today's single-request upload
// ends, a stopped upload resumes from the offset the server kept, and a refused file keeps nothing.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, registerUser, type TestApp } from '../../../test/helper.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
} from '../media/media-testing.ts';
import { NOT_AUDIO } from '../media/versions-service.ts';
import { PNG } from '../profile/test-fixtures.ts';
import { idOf, listening, outcome, tusHeaders, tusSend, waitingFiles } from './uploads-testing.ts';
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
    // A version before it, current (on its own this test would otherwise find the track without one).
    const before = await tusSend(base, p.owner.token, wav, version());
    expect((await outcome(t.app, p.owner.token, idOf(before.url))).status).toBe('done');
    const later = await tusSend(base, p.owner.token, wav, version());
    expect((await outcome(t.app, p.owner.token, idOf(later.url))).version?.isCurrent).toBe(false);
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
