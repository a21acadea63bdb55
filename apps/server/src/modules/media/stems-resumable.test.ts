// Stems through resumable uploads (target `stem`), sent by tus-js-client against the running app: the upload
// ends as a single-request stem upload ends (probed, named, a replacement), refuses what that refuses, and a
// job tried again after a crash answers with the stem its first try made.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { uploadJob } from '../uploads/finish.ts';
import {
  idOf,
  listening,
  metadataHeader,
  outcome,
  tusHeaders,
  tusSend,
  waitingFiles,
} from '../uploads/uploads-testing.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople } from './media-testing.ts';
import { framesWav, type Mix, stemKeyOf, stored, trackWithMix } from './stems-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let base: string;
let mix: Mix;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  mix = await trackWithMix(t.app, p.owner.token, p.projectId);
  base = await listening(t.app);
});
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const stemMeta = (extra: Record<string, string> = {}) => ({
  target: 'stem',
  projectId: p.projectId,
  trackId: mix.trackId,
  versionId: mix.versionId,
  filename: 'Drums Bus.wav',
  filetype: 'audio/wav',
  ...extra,
});

describe('a stem sent as a resumable upload', () => {
  it('arrives in chunks and becomes a stem of the version: probed, named by its file, the same bytes', async () => {
    const wav = framesWav(88_200);
    const sent = await tusSend(base, p.editor.token, wav, stemMeta({ role: 'Drums' }), {
      chunkSize: 100_000,
    });
    const done = await outcome(t.app, p.editor.token, idOf(sent.url));
    expect(done).toMatchObject({ status: 'done', target: 'stem', length: wav.length });
    expect(done.stem).toMatchObject({
      _id: idOf(sent.url),
      versionId: mix.versionId,
      name: 'Drums Bus',
      role: 'drums',
      size: wav.length,
      frames: 88_200,
      sampleRate: 44_100,
      bitDepth: 16,
      issues: [],
    });
    const audio = await t.app.inject({ url: done.stem?.audioUrl ?? '', headers: bearer(p.viewer.token) });
    expect(sha(audio.rawPayload)).toBe(sha(wav));
    expect(waitingFiles(t.config.dataDir)).toEqual([]);
  });

  it('with a name a stem has, made unique; as a replacement, into the stem it names', async () => {
    const first = await outcome(
      t.app,
      p.owner.token,
      idOf((await tusSend(base, p.owner.token, framesWav(4410), stemMeta({ name: 'Perc' }))).url),
    );
    const second = await outcome(
      t.app,
      p.owner.token,
      idOf((await tusSend(base, p.owner.token, framesWav(4410), stemMeta({ name: 'Perc' }))).url),
    );
    expect([first.stem?.name, second.stem?.name]).toEqual(['Perc', 'Perc (2)']);
    const oldKey = await stemKeyOf(t.app, second.stem?._id ?? '');
    const wav = framesWav(8820);
    const sent = await tusSend(base, p.owner.token, wav, stemMeta({ replace: second.stem?._id ?? '' }));
    const replaced = await outcome(t.app, p.owner.token, idOf(sent.url));
    expect(replaced.stem).toMatchObject({ _id: second.stem?._id, name: 'Perc (2)', size: wav.length });
    expect(await stored(t.app, oldKey)).toBe(false);
  });

  it('that is not audio fails with the single upload’s message, and keeps nothing', async () => {
    const text = Buffer.from('not a stem\n'.repeat(200));
    const sent = await tusSend(base, p.owner.token, text, stemMeta({ filename: 'fake.wav' }));
    const done = await outcome(t.app, p.owner.token, idOf(sent.url));
    expect(done.status).toBe('failed');
    expect(done.message).toMatch(/^This is not an audio file Mixdesk can play/);
    const rows = await t.app.ctx.db
      .selectFrom('version_stems')
      .select('id')
      .where('id', '=', idOf(sent.url))
      .execute();
    expect(rows).toEqual([]);
  });

  it('is refused at creation for a version of another track, a stranger, or an unknown field', async () => {
    const other = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Elsewhere' });
    const create = (token: string, meta: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: tusHeaders(token, { 'upload-length': '1000', 'upload-metadata': metadataHeader(meta) }),
      });
    expect((await create(p.owner.token, stemMeta({ trackId: other._id }))).statusCode).toBe(404);
    expect((await create(p.stranger.token, stemMeta())).statusCode).toBe(404);
    expect((await create(p.viewer.token, stemMeta())).statusCode).toBe(404);
    const unknown = await create(p.owner.token, stemMeta({ colour: 'red' }));
    expect(unknown.statusCode).toBe(400);
    const tooLong = await create(p.owner.token, stemMeta({ role: 'r'.repeat(61) }));
    expect(tooLong.statusCode).toBe(400);
    const noVersion = { ...stemMeta() } as Record<string, string>;
    delete noVersion.versionId;
    expect((await create(p.owner.token, noVersion)).statusCode).toBe(400);
  });

  it('a job tried again after it made the stem answers with that stem, and makes nothing twice', async () => {
    const sent = await tusSend(base, p.owner.token, framesWav(4410), stemMeta({ name: 'Retried' }));
    const id = idOf(sent.url);
    const first = await outcome(t.app, p.owner.token, id);
    expect(first.stem?._id).toBe(id);
    // As if the process had died after recording the stem and before marking the upload done.
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
    expect(again).toEqual(first);
    const named = await t.app.ctx.db
      .selectFrom('version_stems')
      .select('name')
      .where('version_id', '=', mix.versionId)
      .where('name', 'like', 'Retried%')
      .execute();
    expect(named).toEqual([{ name: 'Retried' }]);
  });
});
