// Issue #18: the stored files on a disk that fills up (a 4 MB tmpfs the test mounts as DATA_DIR; the database
// stays on its own disk). An upload that does not fit answers 507 with words a person can act on, leaves no
// partial file, no row and no job behind, and what was stored before reads back byte for byte; once space is
// freed the same upload is stored. Audio versions (multipart), project files (raw body) and avatars alike.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  cannotMountWarning,
  filesIn,
  fillDisk,
  freeBytes,
  mountTmpfs,
  unmountTmpfs,
} from '../../../test/tmpfs.ts';
import { addTrack, sineWav, totalsCheck, uploadVersion } from '../../modules/media/media-testing.ts';
import { avatarBody, PNG } from '../../modules/profile/test-fixtures.ts';
import { jobQueue } from '../jobs/jobs.ts';
import { DISK_FULL_LOG, FILE_NOT_SAVED, RESULT_NOT_SAVED } from './disk-full.ts';

const KB = 1024;
const DISK_BYTES = 4 * KB * KB;
/** A WAV's bytes per second (16-bit stereo at 44.1 kHz). */
const WAV_BYTES_PER_SECOND = 44_100 * 2 * 2;

const mounted = mountTmpfs(DISK_BYTES, 'mixdesk-disk-full-');
if (!mounted.ok)
  console.warn(cannotMountWarning('apps/server/src/platform/storage/disk-full.test.ts', mounted));

let t: TestApp | undefined;
afterAll(async () => {
  try {
    await t?.close();
  } finally {
    unmountTmpfs(mounted);
  }
});

describe.skipIf(!mounted.ok)(
  'uploads onto a full disk (a 4 MB tmpfs; skipped only where mounting is not permitted)',
  () => {
    const refusal = { success: false, message: FILE_NOT_SAVED, error: { code: 'INSUFFICIENT_STORAGE' } };
    let app: TestApp['app'];
    let owner: SignedIn;
    let projectId: string;
    let trackId: string;
    const filesDir = path.join(mounted.dir, 'files');
    const kept = { wav: sineWav({ seconds: 6 }), avatar: Buffer.concat([PNG, randomBytes(200 * KB)]) };
    const fileBytes = randomBytes(64 * KB);
    let keptVersionId: string;
    let keptFileId: string;

    const get = (url: string) => app.inject({ url, headers: bearer(owner.token) });
    const versionsUrl = () => `/api/projects/${projectId}/tracks/${trackId}/versions`;
    const filesUrl = () => `/api/projects/${projectId}/files`;
    const avatarUrl = () => `/api/users/${owner.user._id}/avatar`;
    const postRaw = (url: string, payload: Buffer, name: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          ...bearer(owner.token),
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${name}"`,
        },
        payload,
      });
    const postAvatar = (image: Buffer) => {
      const body = avatarBody(image, 'me.png', 'image/png');
      return app.inject({
        method: 'POST',
        url: '/api/auth/profile/avatar',
        headers: { ...bearer(owner.token), ...body.headers },
        payload: body.payload,
      });
    };
    /** A WAV (or other bytes) a little larger than the room left on the disk. */
    const pastFreeSpace = () => freeBytes(mounted.dir) + 300 * KB;
    const wavPastFreeSpace = () => sineWav({ seconds: Math.ceil(pastFreeSpace() / WAV_BYTES_PER_SECOND) });

    /** Everything an upload could change: files on the disk, its free space, rows, jobs, lists, totals. */
    async function state() {
      await jobQueue(app.ctx).idle();
      const db = app.ctx.db;
      const ids = async (table: 'track_versions' | 'project_files' | 'jobs') =>
        (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
      const profile = await db
        .selectFrom('user_profiles')
        .select('avatar_key')
        .where('user_id', '=', owner.user._id)
        .executeTakeFirst();
      return {
        files: filesIn(filesDir),
        free: freeBytes(mounted.dir),
        rows: {
          versions: await ids('track_versions'),
          files: await ids('project_files'),
          jobs: await ids('jobs'),
          avatar: profile?.avatar_key ?? null,
        },
        versions: (await get(versionsUrl())).json().data,
        projectFiles: (await get(filesUrl())).json().data,
        totals: await totalsCheck(app, projectId),
      };
    }

    /** Runs `check` with not one byte free on the disk, then frees what it took. */
    async function onFullDisk(check: () => Promise<void>) {
      const filler = path.join(mounted.dir, 'filler');
      try {
        fillDisk(filler);
        expect(freeBytes(mounted.dir)).toBe(0);
        await check();
      } finally {
        rmSync(filler, { force: true });
      }
    }

    /** What was stored before the disk filled, read back byte for byte. */
    async function keptReadsBack() {
      const audio = await get(`${versionsUrl()}/${keptVersionId}/audio`);
      const file = await get(`${filesUrl()}/${keptFileId}/download`);
      const avatar = await get(avatarUrl());
      expect([audio.statusCode, file.statusCode, avatar.statusCode]).toEqual([200, 200, 200]);
      expect(audio.rawPayload.equals(kept.wav)).toBe(true);
      expect(file.rawPayload.equals(fileBytes)).toBe(true);
      expect(avatar.rawPayload.equals(kept.avatar)).toBe(true);
    }

    beforeAll(async () => {
      t = await createTestApp({ dataDir: mounted.dir });
      app = t.app;
      owner = await registerUser(app, { name: 'Owner' });
      const project = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(owner.token),
        payload: { title: 'Full Disk', type: 'single' },
      });
      projectId = project.json().data.project._id;
      trackId = (await addTrack(app, owner.token, projectId))._id;
    });

    it('stores uploads while there is room', async () => {
      const version = await uploadVersion(app, owner.token, projectId, trackId, kept.wav);
      const file = await postRaw(`${filesUrl()}?category=stems`, fileBytes, 'stem.bin');
      const avatar = await postAvatar(kept.avatar);
      expect([version.statusCode, file.statusCode, avatar.statusCode]).toEqual([201, 201, 200]);
      keptVersionId = version.json().data.version._id;
      keptFileId = file.json().data.file._id;
      await keptReadsBack();
      expect(freeBytes(mounted.dir)).toBeLessThan(3 * KB * KB);
    });

    it('an audio version larger than the free space answers 507, keeps nothing and changes nothing', async () => {
      const before = await state();
      const wav = wavPastFreeSpace();
      expect(wav.length).toBeGreaterThan(before.free);
      const res = await uploadVersion(app, owner.token, projectId, trackId, wav);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual(refusal);
      const after = await state();
      expect(after.files.filter((f) => f.endsWith('.part'))).toEqual([]);
      expect(after).toEqual(before);
      await keptReadsBack();
      expect(t!.logs()).toContain(DISK_FULL_LOG);
    });

    it('a project file sent as the raw body, the same', async () => {
      const before = await state();
      const res = await postRaw(`${filesUrl()}?category=stems`, randomBytes(pastFreeSpace()), 'big.bin');
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual(refusal);
      expect(await state()).toEqual(before);
      await keptReadsBack();
    });

    it('an avatar, the same: the one before stays', async () => {
      const before = await state();
      const res = await postAvatar(Buffer.concat([PNG, randomBytes(pastFreeSpace())]));
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual(refusal);
      expect(await state()).toEqual(before);
      await keptReadsBack();
    });

    it('with not one byte free, small uploads are refused alike while reads and other changes go on', async () => {
      await onFullDisk(async () => {
        const before = await state();
        const version = await uploadVersion(app, owner.token, projectId, trackId, sineWav({ seconds: 1 }));
        const file = await postRaw(`${filesUrl()}?category=lyrics`, Buffer.from('la la la\n'), 'words.txt');
        const avatar = await postAvatar(PNG);
        expect([version, file, avatar].map((r) => [r.statusCode, r.json()])).toEqual([
          [507, refusal],
          [507, refusal],
          [507, refusal],
        ]);
        expect(await state()).toEqual(before);
        await keptReadsBack();
        // The database is on another disk: a change that stores no file goes through.
        const renamed = await app.inject({
          method: 'PUT',
          url: `/api/projects/${projectId}/tracks/${trackId}`,
          headers: bearer(owner.token),
          payload: { title: 'Renamed on a full disk' },
        });
        expect(renamed.statusCode).toBe(200);
      });
    });

    it('a master rendered onto a full disk fails its job with the reason, and keeps nothing', async () => {
      await onFullDisk(async () => {
        const before = await state();
        const res = await app.inject({
          method: 'POST',
          url: `${versionsUrl()}/${keptVersionId}/master`,
          headers: bearer(owner.token),
          payload: {},
        });
        expect(res.statusCode).toBe(202);
        const jobId: string = res.json().data.job._id;
        await jobQueue(app.ctx).idle();
        const job = await app.ctx.db
          .selectFrom('jobs')
          .select(['status', 'error'])
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        expect(job).toEqual({ status: 'failed', error: RESULT_NOT_SAVED });
        const after = await state();
        expect({ ...after, rows: { ...after.rows, jobs: before.rows.jobs } }).toEqual(before);
        expect(after.rows.jobs).toEqual([...before.rows.jobs, jobId].sort());
      });
    });

    it('once space is freed, the upload refused before is stored', async () => {
      const wav = wavPastFreeSpace();
      expect((await uploadVersion(app, owner.token, projectId, trackId, wav)).statusCode).toBe(507);
      const removed = await app.inject({
        method: 'DELETE',
        url: `${versionsUrl()}/${keptVersionId}`,
        headers: bearer(owner.token),
      });
      expect(removed.statusCode).toBe(200);
      expect(freeBytes(mounted.dir)).toBeGreaterThan(wav.length);
      const res = await uploadVersion(app, owner.token, projectId, trackId, wav);
      expect(res.statusCode).toBe(201);
      const audio = await get(res.json().data.version.audioUrl);
      expect(audio.rawPayload.equals(wav)).toBe(true);
      const after = await state();
      expect(after.rows.versions).toEqual([res.json().data.version._id]);
      expect(after.totals.stored).toEqual(after.totals.expected);
      expect(after.files.filter((f) => f.endsWith('.part'))).toEqual([]);
    });
  },
);
