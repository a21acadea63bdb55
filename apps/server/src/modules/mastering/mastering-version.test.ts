// The version a master makes (issue #17): named after the original's file (its last extension swapped for the
// label and the format, whatever dots come before), at the original's bit depth, and told to the project's
// room as it happens: the job's progress while it runs, and the new version in the activity feed.
import { type ActivityEvent, ActivityEventSchema } from '@mixdesk/contract/activity';
import { JOB_UPDATED_EVENT, type Job, JobSchema } from '@mixdesk/contract/jobs';
import { TrackVersionSchema } from '@mixdesk/contract/media';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { fromJson } from '../../db/schema.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { join, listen, open } from '../../platform/realtime/realtime-testing.ts';
import { sine, wavFile } from '../analysis/test-signals.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  uploadVersion,
} from '../media/media-testing.ts';

const RATE = 48_000;
const tone = (bits: 16 | 24) =>
  wavFile(sine({ seconds: 3, sampleRate: RATE, channels: 2, hz: 1000, dbfs: -30 }), RATE, 2, bits);

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
let socket: Socket;
const activities: ActivityEvent[] = [];
const jobUpdates: Job[] = [];

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Single' }))._id;
  socket = await open(await listen(t), p.owner.token);
  await join(socket, p.projectId);
  socket.on('activity:new', (e: unknown) => activities.push(ActivityEventSchema.parse(e)));
  socket.on(JOB_UPDATED_EVENT, (j: unknown) => jobUpdates.push(JobSchema.parse(j)));
});
afterAll(async () => {
  socket.close();
  await t.close();
});

async function upload(data: Buffer, name: string): Promise<string> {
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, data, name);
  expect(res.statusCode, res.body).toBe(201);
  await jobQueue(t.app.ctx).idle();
  return res.json().data.version._id;
}

/** Masters a version as the editor; the job's id and the version it made. */
async function master(versionId: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/master`,
    headers: bearer(p.editor.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const jobId = JobSchema.parse(res.json().data.job)._id;
  await jobQueue(t.app.ctx).idle();
  const row = await t.app.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  expect(row.status, row.error ?? '').toBe('done');
  const made = fromJson<{ versionId: string }>(row.result as string, { versionId: '' }).versionId;
  const version = await t.app.inject({
    url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${made}`,
    headers: bearer(p.owner.token),
  });
  return { jobId, made: TrackVersionSchema.parse(version.json().data.version) };
}

describe('the mastered version', () => {
  it('is named after the original with its last extension replaced, at the original’s 24 bits', async () => {
    const original = await upload(tone(24), 'take.2.final.wav');
    const { made } = await master(original, { targetLufs: -14, truePeakDbtp: -1 });
    expect(made).toMatchObject({
      originalName: 'take.2.final (Mastered \u221214 LUFS).wav',
      label: 'Mastered \u221214 LUFS',
      format: 'wav',
      bitDepth: 24,
      masteredFrom: { _id: original },
    });
  });

  it('is named after an original without an extension, and a 16-bit original stays 16-bit', async () => {
    const original = await upload(tone(16), 'bounce');
    const { made } = await master(original, { targetLufs: -16, truePeakDbtp: -1 });
    expect(made).toMatchObject({
      originalName: 'bounce (Mastered \u221216 LUFS).wav',
      format: 'wav',
      bitDepth: 16,
    });
  });

  it('reaches the project’s room: the job’s progress while it runs, then the new version as activity', async () => {
    const original = await upload(tone(16), 'room.wav');
    const { jobId, made } = await master(original, { targetLufs: -15, truePeakDbtp: -1 });
    const ofJob = () => jobUpdates.filter((j) => j._id === jobId);
    // Taken (running, 0), then its progress as it renders (running again), then done.
    await until(
      async () =>
        ofJob().some((j) => j.status === 'done') && ofJob().filter((j) => j.status === 'running').length >= 2,
      10_000,
      'the mastering job’s progress and end',
    );
    await until(
      async () => activities.some((e) => e.activity._id === `version_mastered:${made._id}`),
      10_000,
      'the new version’s activity',
    );
    const announced = activities.find((e) => e.activity._id === `version_mastered:${made._id}`)!;
    expect(announced).toMatchObject({
      projectId: p.projectId,
      activity: { kind: 'version_mastered', actor: { _id: p.editor.user._id } },
    });
  });
});
