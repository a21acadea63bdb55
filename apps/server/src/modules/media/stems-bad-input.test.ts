// Stems that are refused (issue #36, "Bad input"): not audio (415), a version of another track or project or a
// stranger's (404), bad fields (400), no room in the owner's storage (413), a version at its 500 stems (409):
// each a clear JSON error that keeps nothing, neither a row nor a byte, and no total moves.
import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { STEMS_PER_VERSION_MAX } from '@mixdesk/contract/stems';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { metadataHeader, tusHeaders } from '../uploads/uploads-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  storedFiles,
  uploadFile,
  uploadVersion,
} from './media-testing.ts';
import { fileSizes, framesWav, type Mix, sendRawStem, sendStem, trackWithMix } from './stems-testing.ts';

const QUOTA = 3 * 1024 * 1024;
let t: TestApp;
let p: ProjectWithPeople;
let mix: Mix;
let stemId: string;
const wav = framesWav(22_050);

beforeAll(async () => {
  t = await createTestApp({ storageQuotaBytes: QUOTA });
  p = await projectWithPeople(t.app);
  mix = await trackWithMix(t.app, p.owner.token, p.projectId);
  const res = await sendStem(t.app, p.owner.token, mix.url, wav, 'Kept.wav');
  stemId = res.json().data.stem._id;
  await jobQueue(t.app.ctx).idle();
});
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

const stemRows = () =>
  t.app.ctx.db.selectFrom('version_stems').select(['id', 'name', 'size']).orderBy('id').execute();

/** Runs a refused request and checks the answer's shape, and that no row, byte or total changed. */
async function refused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
): Promise<{ message: string; error: { code: string } }> {
  await jobQueue(t.app.ctx).idle();
  const before = [await stemRows(), storedFiles(t.config.dataDir), await fileSizes(t.app, p.projectId)];
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    success: false,
    message: expect.any(String),
    error: { code: expect.any(String) },
  });
  await jobQueue(t.app.ctx).idle();
  expect([await stemRows(), storedFiles(t.config.dataDir), await fileSizes(t.app, p.projectId)]).toEqual(
    before,
  );
  return res.json() as { message: string; error: { code: string } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), Buffer.alloc(600, 7)]);
const TEXT = Buffer.from('Verse 1: these are lyrics, not a stem.\n'.repeat(40));

describe('not audio', () => {
  it.each([
    ['a PNG named .wav, multipart', () => sendStem(t.app, p.owner.token, mix.url, PNG, 'kick.wav')],
    ['a PNG named .wav, raw', () => sendRawStem(t.app, p.owner.token, mix.url, PNG, 'kick.wav')],
    ['text named .wav, multipart', () => sendStem(t.app, p.owner.token, mix.url, TEXT, 'vox.wav')],
    [
      'text as a replacement',
      () => sendRawStem(t.app, p.owner.token, mix.url, TEXT, 'vox.wav', { replace: stemId }),
    ],
  ])('%s: 415, nothing kept', async (_name, send) => {
    const body = await refused(send, 415);
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.message).toMatch(/^This is not an audio file Mixdesk can play/);
  });

  it('an empty file: 400', async () => {
    await refused(() => sendStem(t.app, p.owner.token, mix.url, Buffer.alloc(0), 'empty.wav'), 400);
  });
});

describe('somewhere it does not belong', () => {
  it('a version of another track, another project’s, or a stranger asking: 404 for every stem route', async () => {
    const other = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Other' });
    const elsewhere = await projectWithPeople(t.app);
    const wrongTrack = mix.url.replace(mix.trackId, other._id);
    const wrongProject = mix.url.replace(p.projectId, elsewhere.projectId);
    for (const [token, url] of [
      [p.owner.token, wrongTrack],
      [elsewhere.owner.token, wrongProject],
      [p.stranger.token, mix.url],
    ] as const) {
      await refused(() => sendStem(t.app, token, url, wav, 'x.wav'), 404);
      await refused(() => sendRawStem(t.app, token, url, wav, 'x.wav'), 404);
      for (const [method, path, payload] of [
        ['GET', '', undefined],
        ['PATCH', `/${stemId}`, { name: 'Taken' }],
        ['DELETE', `/${stemId}`, undefined],
        ['GET', `/${stemId}/audio`, undefined],
      ] as const)
        await refused(
          () =>
            t.app.inject({
              method,
              url: `${url}${path}`,
              headers: bearer(token),
              ...(payload ? { payload } : {}),
            }),
          404,
        );
    }
  });

  it('a stem of another version of the same track: 404', async () => {
    const up = await uploadVersion(
      t.app,
      p.owner.token,
      p.projectId,
      mix.trackId,
      framesWav(88_200),
      'v2.wav',
    );
    const second = { url: mix.url.replace(mix.versionId, up.json().data.version._id) };
    for (const [method, path] of [
      ['PATCH', `/${stemId}`],
      ['DELETE', `/${stemId}`],
      ['GET', `/${stemId}/audio`],
      ['DELETE', `/${newId()}`],
      ['DELETE', '/not-an-id'],
    ] as const)
      await refused(
        () =>
          t.app.inject({
            method,
            url: `${second.url}${path}`,
            headers: bearer(p.owner.token),
            ...(method === 'PATCH' ? { payload: { name: 'Moved' } } : {}),
          }),
        404,
      );
    await refused(() => sendStem(t.app, p.owner.token, second.url, wav, 'x.wav', { replace: stemId }), 404);
  });

  it('a viewer may not change stems: 403, as for versions', async () => {
    await refused(() => sendStem(t.app, p.viewer.token, mix.url, wav, 'x.wav'), 403);
    await refused(
      () =>
        t.app.inject({
          method: 'PATCH',
          url: `${mix.url}/${stemId}`,
          headers: bearer(p.viewer.token),
          payload: { name: 'V' },
        }),
      403,
    );
    await refused(
      () => t.app.inject({ method: 'DELETE', url: `${mix.url}/${stemId}`, headers: bearer(p.viewer.token) }),
      403,
    );
  });
});

describe('bad fields', () => {
  it.each([
    ['an unknown field', { colour: 'red' }],
    ['a role past 60 characters', { role: 'r'.repeat(61) }],
    ['a name past 200 characters', { name: 'n'.repeat(201) }],
    ['a blank name', { name: '   ' }],
  ])('%s: 400 before any byte is kept', async (_name, fields) => {
    const body = await refused(() => sendStem(t.app, p.owner.token, mix.url, wav, 'x.wav', fields), 400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    await refused(() => sendRawStem(t.app, p.owner.token, mix.url, wav, 'x.wav', fields), 400);
  });

  it.each([
    ['nothing to change', {}],
    ['an empty name', { name: '' }],
    ['a role past 60 characters', { role: 'r'.repeat(61) }],
    ['an unknown field', { colour: 'red' }],
  ])('PATCH with %s: 400', async (_name, payload) => {
    await refused(
      () =>
        t.app.inject({
          method: 'PATCH',
          url: `${mix.url}/${stemId}`,
          headers: bearer(p.owner.token),
          payload,
        }),
      400,
    );
  });
});

describe('no room', () => {
  it('a stem that fills the owner’s storage exactly is kept; with one byte less room, 413 and nothing kept', async () => {
    const edge = async (room: number) => {
      const who = await registerUser(t.app, { name: 'Stem Owner' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(who.token),
        payload: { title: 'Edge' },
      });
      const projectId: string = created.json().data.project._id;
      const m = await trackWithMix(t.app, who.token, projectId);
      await jobQueue(t.app.ctx).idle();
      const used = (await fileSizes(t.app, projectId)).stored;
      const pad = await uploadFile(
        t.app,
        who.token,
        projectId,
        Buffer.alloc(QUOTA - used - room, 6),
        'pad.bin',
        'other',
      );
      expect(pad.statusCode, pad.body).toBe(201);
      return { who, projectId, m };
    };
    const fits = await edge(wav.length);
    const ok = await sendStem(t.app, fits.who.token, fits.m.url, wav, 'fits.wav');
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await fileSizes(t.app, fits.projectId)).stored).toBe(QUOTA);

    const tight = await edge(wav.length - 1);
    const files = storedFiles(t.config.dataDir);
    const res = await sendRawStem(t.app, tight.who.token, tight.m.url, wav, 'tight.wav');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: STORAGE_QUOTA_EXCEEDED,
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(storedFiles(t.config.dataDir)).toEqual(files);
    expect((await fileSizes(t.app, tight.projectId)).stored).toBe(QUOTA - wav.length + 1);
  });
});

describe(`${STEMS_PER_VERSION_MAX} stems on one version`, () => {
  it('the 500th is taken, the 501st refused with the limit named (409), a replacement still taken', async () => {
    const full = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Full' });
    const now = nowIso();
    const rows = Array.from({ length: STEMS_PER_VERSION_MAX - 1 }, (_, i) => {
      const id = newId();
      return {
        id,
        version_id: full.versionId,
        track_id: full.trackId,
        project_id: p.projectId,
        name: `Stem ${i + 1}`,
        role: null,
        storage_key: `projects/${p.projectId}/stems/${id}`,
        original_name: `Stem ${i + 1}.wav`,
        mime: 'audio/wav',
        format: 'wav',
        size: 1,
        duration: 2,
        frames: 88_200,
        sample_rate: 44_100,
        bit_depth: 16,
        channels: 2,
        uploaded_by: p.owner.user._id,
        created_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await t.app.ctx.db
        .insertInto('version_stems')
        .values(rows.slice(i, i + 100))
        .execute();

    // Two at once for the last place: both pass the check before their bytes, one only is recorded.
    await jobQueue(t.app.ctx).idle();
    const files = storedFiles(t.config.dataDir).length;
    const pair = await Promise.all([
      sendStem(t.app, p.owner.token, full.url, wav, 'Five hundred.wav'),
      sendRawStem(t.app, p.owner.token, full.url, wav, 'Five hundred.wav'),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const last = pair.find((r) => r.statusCode === 201)!;
    expect(storedFiles(t.config.dataDir)).toHaveLength(files + 1);
    const listed = (await t.app.inject({ url: full.url, headers: bearer(p.owner.token) })).json().data;
    expect(listed.stems).toHaveLength(STEMS_PER_VERSION_MAX);

    for (const send of [sendStem, sendRawStem]) {
      const body = await refused(() => send(t.app, p.owner.token, full.url, wav, 'One too many.wav'), 409);
      expect(body.error.code).toBe('CONFLICT');
      expect(body.message).toBe('A version holds at most 500 stems. Delete or replace one to add another.');
    }
    // A resumable upload of one more is refused when it is created, before any byte is sent.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(p.owner.token, {
        'upload-length': String(wav.length),
        'upload-metadata': metadataHeader({
          target: 'stem',
          projectId: p.projectId,
          trackId: full.trackId,
          versionId: full.versionId,
          filename: 'late.wav',
        }),
      }),
    });
    expect(created.statusCode).toBe(409);

    const replaced = await sendStem(t.app, p.owner.token, full.url, wav, 'Again.wav', {
      replace: last.json().data.stem._id,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json().data.stem).toMatchObject({ _id: last.json().data.stem._id, name: 'Five hundred' });
    const onFull = await t.app.ctx.db
      .selectFrom('version_stems')
      .select('id')
      .where('version_id', '=', full.versionId)
      .execute();
    expect(onFull).toHaveLength(STEMS_PER_VERSION_MAX);
  });
});
