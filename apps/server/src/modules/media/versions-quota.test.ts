// The storage quota on track versions, at its edge (files.test.ts does project files): a version that fills the
// room left exactly is kept, the same version with one byte less room is refused with the quota's message
// and leaves nothing, whether it is sent as multipart/form-data or as the raw body.
import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { addTrack, sineWav, storedFiles, totalsCheck, uploadFile, uploadVersion } from './media-testing.ts';

const QUOTA = 400 * 1024;
const wav = sineWav({ seconds: 1, channels: 1 });

let t: TestApp;
beforeAll(async () => {
  // The upload limit is far above the quota: the room left is what limits these uploads.
  t = await createTestApp({ storageQuotaBytes: QUOTA });
});
afterAll(() => t.close());

/** A new owner whose project holds `used` bytes of other files, and a track to upload versions to. */
async function ownerUsing(used: number) {
  // The last test's version is still having its listening copies made: their files land on the disk this
  // test compares before and after.
  await jobQueue(t.app.ctx).idle();
  const who = await registerUser(t.app, { name: 'Version Owner' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title: 'Edge' },
  });
  const projectId = created.json().data.project._id as string;
  const pad = await uploadFile(t.app, who.token, projectId, Buffer.alloc(used, 6), 'pad.bin', 'other');
  expect(pad.statusCode, pad.body).toBe(201);
  return { who, projectId, trackId: (await addTrack(t.app, who.token, projectId))._id };
}

type Owner = Awaited<ReturnType<typeof ownerUsing>>;

const forms: [string, (o: Owner) => ReturnType<typeof uploadVersion>][] = [
  ['multipart', (o) => uploadVersion(t.app, o.who.token, o.projectId, o.trackId, wav)],
  [
    'raw body',
    (o) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${o.projectId}/tracks/${o.trackId}/versions`,
        headers: { ...bearer(o.who.token), 'content-type': 'application/octet-stream' },
        payload: wav,
      }),
  ],
];

const kept = async (o: Owner) => ({
  versions: await t.app.ctx.db
    .selectFrom('track_versions')
    .select('id')
    .where('project_id', '=', o.projectId)
    .execute(),
  totals: await totalsCheck(t.app, o.projectId),
  disk: storedFiles(t.config.dataDir),
});

describe.each(forms)('a version sent as %s', (_form, send) => {
  it('that fills the quota exactly is kept whole', async () => {
    const o = await ownerUsing(QUOTA - wav.length);
    const res = await send(o);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.version.size).toBe(wav.length);
    const { totals } = await kept(o);
    expect(totals.stored.totalFileSize).toBe(QUOTA);
    expect(totals.stored).toEqual(totals.expected);
  });

  it('with one byte less room: 413 with the quota’s message, nothing kept', async () => {
    const o = await ownerUsing(QUOTA - wav.length + 1);
    const before = await kept(o);
    const res = await send(o);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: STORAGE_QUOTA_EXCEEDED,
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await kept(o)).toEqual(before);
  });
});
