// Uploads with S3_BUCKET set, through the real routes, against an S3-compatible server on this machine
// (s3rver, test/s3-server.ts): a version's audio and a project file land in the bucket and nothing on the
// local disk, the waveform is decoded from the object, playback with a Range is an S3 range, and deleting a
// file or the whole project removes its objects from the bucket.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { appWithAdmin, health } from '../diagnostics/diagnostics-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  storedFiles,
} from './media-testing.ts';

let s3: TestS3Server;
let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config, maxUploadBytes: 1_000_000 });
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const RAW = { 'content-type': 'application/octet-stream' };
const named = (name: string) => ({ 'content-disposition': `attachment; filename*=UTF-8''${name}` });
const projectKeys = () => s3.keys(`projects/${p.projectId}/`);

describe('uploads into an S3 bucket', () => {
  it('stores a version in the bucket, draws its waveform from there, and plays a range of it', async () => {
    const trackId = (await addTrack(t.app, p.owner.token, p.projectId))._id;
    const wav = sineWav({ seconds: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions`,
      headers: { ...bearer(p.owner.token), ...RAW, ...named('Night%20Drive.wav') },
      payload: wav,
    });
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().data.version;
    expect(version).toMatchObject({ size: wav.length, sampleRate: 44_100, channels: 2 });
    const row = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', version._id)
      .executeTakeFirstOrThrow();
    expect(await projectKeys()).toEqual([row.storage_key]);
    expect(storedFiles(t.config.dataDir)).toEqual([]);

    // The waveform job reads the object back from the bucket (a temporary local copy for ffmpeg).
    await vi.waitFor(
      async () => {
        const got = await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${version._id}`,
          headers: bearer(p.owner.token),
        });
        expect(got.json().data.version.peaksStatus).toBe('ready');
      },
      { timeout: 30_000, interval: 50 },
    );

    const ranged = await t.app.inject({
      url: version.audioUrl,
      headers: { ...bearer(p.owner.token), range: 'bytes=1000-4999' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000-4999/${wav.length}`);
    expect(ranged.rawPayload.equals(wav.subarray(1000, 5000))).toBe(true);
    const whole = await t.app.inject({ url: version.audioUrl, headers: bearer(p.owner.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(wav)).toBe(true);
  });

  it('refuses an upload over the limit with 413 and leaves nothing in the bucket', async () => {
    // The earlier tests' versions get their listening copies in the background: the bucket is compared once
    // they are written.
    await jobQueue(t.app.ctx).idle();
    const before = await projectKeys();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/files?category=stems`,
      headers: { ...bearer(p.owner.token), ...RAW, ...named('stems.zip') },
      payload: Buffer.alloc(1_000_001, 3),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await projectKeys()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('deleting a file removes its object; deleting the project removes every object under it', async () => {
    const lyrics = Buffer.from('Verse one\nChorus\n'.repeat(40));
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/files?category=lyrics`,
      headers: { ...bearer(p.owner.token), ...RAW, ...named('lyrics.txt') },
      payload: lyrics,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json().data.file;
    const download = await t.app.inject({ url: file.downloadUrl, headers: bearer(p.owner.token) });
    expect(download.rawPayload.equals(lyrics)).toBe(true);
    // The version's listening copies made first: they are the version's objects too.
    await jobQueue(t.app.ctx).idle();
    const withFile = await projectKeys();
    expect(withFile.filter((k) => k.includes('/files/'))).toHaveLength(1);
    expect(withFile.filter((k) => k.includes('/tracks/'))).toHaveLength(3);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/files/${file._id}`,
      headers: bearer(p.owner.token),
    });
    expect(removed.statusCode).toBe(200);
    const afterFile = await projectKeys();
    expect(afterFile).toEqual(withFile.filter((k) => !k.includes('/files/')));

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}`,
      headers: bearer(p.owner.token),
    });
    expect(gone.statusCode).toBe(200);
    expect(await projectKeys()).toEqual([]);
    expect(await s3.keys()).toEqual([]);
  });
});

describe('the diagnostics with S3_BUCKET set', () => {
  it('name the bucket where files go, and probe it by writing, reading and removing an object', async () => {
    const admin = await appWithAdmin({ s3: s3.config });
    try {
      const res = await health(admin.app, admin.admin.token);
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      expect(report.connections.find((c: { type: string }) => c.type === 'file')).toMatchObject({
        name: 'S3 object storage',
        url: `${s3.config.endpoint}/${s3.config.bucket}`,
        status: 'connected',
      });
      expect(report.services.storage).toMatchObject({
        status: 'online',
        error: null,
        details: { bucket: s3.config.bucket },
      });
      expect(await s3.keys('diagnostics/')).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
