// Files that lie about their length (issue #31): a FLAC whose header says 1 second but holds an hour of
// silence passes the MAX_AUDIO_SECONDS check at upload (it is accepted, as other damaged files are, since only
// a full decode can tell), and then no decode of it (waveform, analysis, mastering) runs past the declared
// second plus a small margin: each fails quickly as a damaged file. A file that declares no length is held
// to MAX_AUDIO_SECONDS instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  declaringSamples,
  flacSampleRate,
  loudThenQuietAac,
  SILENCE_RATE,
  silentFlac,
} from './lying-audio-testing.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople, uploadVersion } from './media-testing.ts';

/** An hour of silence: decoding all of it takes the waveform and the analysis many seconds. */
const HELD_SECONDS = 3600;
/** Far under what the whole hour takes, far over what a few seconds of audio take. */
const QUICK_MS = 4000;

let hour: Buffer;
beforeAll(async () => {
  hour = await silentFlac(HELD_SECONDS);
  expect(flacSampleRate(hour)).toBe(SILENCE_RATE);
});

async function setUp(t: TestApp) {
  const p: ProjectWithPeople = await projectWithPeople(t.app);
  const trackId = (await addTrack(t.app, p.owner.token, p.projectId))._id;
  const upload = async (data: Buffer, name: string) => {
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, data, name);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.version as { _id: string; duration: number };
  };
  const jobOf = (versionId: string, kind: 'peaks' | 'analysis' | 'mastering') =>
    t.app.ctx.db
      .selectFrom('jobs')
      .select(['status', 'error', 'result'])
      .where('subject_id', '=', versionId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
  const versionOf = (versionId: string) =>
    t.app.ctx.db
      .selectFrom('track_versions')
      .select(['peaks_status', 'duration'])
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
  const analysisOf = async (versionId: string) =>
    (
      await t.app.inject({
        url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/analysis`,
        headers: bearer(p.owner.token),
      })
    ).json().data.analysis as { status: string; error: string | null };
  const master = (versionId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/master`,
      headers: bearer(p.owner.token),
      payload: {},
    });
  const versionCount = async () =>
    (await t.app.ctx.db.selectFrom('track_versions').select('id').where('track_id', '=', trackId).execute())
      .length;
  return { p, upload, jobOf, versionOf, analysisOf, master, versionCount };
}

/** Milliseconds from `start` until every job has ended. */
async function jobsEnd(t: TestApp, start: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await start();
  await jobQueue(t.app.ctx).idle();
  return Date.now() - started;
}

describe('a file that holds more than it declares', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    s = await setUp(t);
  });
  afterAll(() => t.close());

  const DAMAGED = 'The file is damaged: it holds more audio than the 0:00:01 its header declares.';

  it('a FLAC that says 1 second and holds an hour: the waveform and the analysis stop near 1 s, failed as damaged', async () => {
    const lying = declaringSamples(hour, SILENCE_RATE);
    let version = { _id: '', duration: 0 };
    const ms = await jobsEnd(t, async () => {
      version = await s.upload(lying, 'one-second.flac');
    });
    expect(version.duration).toBe(1);
    expect(ms).toBeLessThan(QUICK_MS);
    expect(await s.jobOf(version._id, 'peaks')).toMatchObject({ status: 'failed', error: DAMAGED });
    expect(await s.jobOf(version._id, 'analysis')).toMatchObject({ status: 'failed', error: DAMAGED });
    // The version stays (as other damaged files do), its waveform failed and its length the declared one.
    expect(await s.versionOf(version._id)).toMatchObject({ peaks_status: 'failed' });
    expect(Number((await s.versionOf(version._id)).duration)).toBe(1);
    expect(await s.analysisOf(version._id)).toMatchObject({ status: 'failed', error: DAMAGED });
  });

  it('mastering one analysed before this check existed renders no more than the declared second either', async () => {
    const version = await s.upload(declaringSamples(hour, SILENCE_RATE), 'analysed-earlier.flac');
    await jobQueue(t.app.ctx).idle();
    // Figures an older server would have stored after decoding the whole hour (silence made audible).
    const figures = JSON.stringify({
      integratedLufs: -30,
      loudnessRange: 0,
      truePeakDbtp: -20,
      samplePeakDbfs: -20,
      tempoBpm: null,
      tempoConfidence: null,
      shortTerm: [],
    });
    await t.app.ctx.db
      .insertInto('version_analyses')
      .values({ version_id: version._id, project_id: s.p.projectId, figures, analysed_at: nowIso() })
      .onConflict((oc) => oc.column('version_id').doUpdateSet({ figures }))
      .execute();
    const before = await s.versionCount();
    const ms = await jobsEnd(t, async () => expect((await s.master(version._id)).statusCode).toBe(202));
    expect(ms).toBeLessThan(QUICK_MS);
    expect(await s.jobOf(version._id, 'mastering')).toMatchObject({ status: 'failed', error: DAMAGED });
    expect(await s.versionCount()).toBe(before);
  });
});

describe('a file that declares no length', () => {
  const MAX = 10;
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp({ maxAudioSeconds: MAX });
    s = await setUp(t);
  });
  afterAll(() => t.close());

  const TOO_LONG = 'This file is longer than 0:00:10; Mixdesk takes audio up to 0:00:10.';

  it('a FLAC whose STREAMINFO leaves the length unknown is decoded no further than MAX_AUDIO_SECONDS', async () => {
    let version = { _id: '', duration: -1 };
    const ms = await jobsEnd(t, async () => {
      version = await s.upload(declaringSamples(hour, 0), 'unknown-length.flac');
    });
    expect(version.duration).toBe(0);
    expect(ms).toBeLessThan(QUICK_MS);
    expect(await s.jobOf(version._id, 'peaks')).toMatchObject({ status: 'failed', error: TOO_LONG });
    expect(await s.jobOf(version._id, 'analysis')).toMatchObject({ status: 'failed', error: TOO_LONG });
  });

  it('a raw AAC stream, its length only guessed by ffprobe, is decoded whole up to MAX_AUDIO_SECONDS and not past it', async () => {
    // ffprobe guesses about 2.2 s for 9 s (2 s of noise, then 7 s of silence): a truthful file all the same.
    const under = await s.upload(await loudThenQuietAac(2, 7), 'quiet-end.aac');
    expect(under.duration).toBeLessThan(3);
    const over = await s.upload(await loudThenQuietAac(2, 14), 'too-long.aac');
    expect(over.duration).toBeLessThan(3);
    await jobQueue(t.app.ctx).idle();
    expect(await s.versionOf(under._id)).toMatchObject({ peaks_status: 'ready' });
    expect(Number((await s.versionOf(under._id)).duration)).toBeCloseTo(9, 0);
    expect(await s.jobOf(under._id, 'analysis')).toMatchObject({ status: 'done' });
    expect(await s.jobOf(over._id, 'peaks')).toMatchObject({ status: 'failed', error: TOO_LONG });
    expect(await s.jobOf(over._id, 'analysis')).toMatchObject({ status: 'failed', error: TOO_LONG });
  });
});
