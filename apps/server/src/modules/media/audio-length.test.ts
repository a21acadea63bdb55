// Audio that declares more than MAX_AUDIO_SECONDS (default 3 hours) is refused at probe with a clear 422,
// before any decoder runs on it: nothing is stored, no waveform or analysis job is queued (issue #20).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { declaringSamples, flacSampleRate } from './lying-audio-testing.ts';
import {
  addTrack,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  uploadVersion,
} from './media-testing.ts';

/** A one-second FLAC whose STREAMINFO declares `seconds` of audio. */
async function flacDeclaring(seconds: number): Promise<Buffer> {
  const flac = await encodedSine('flac', 1);
  return declaringSamples(flac, seconds * flacSampleRate(flac));
}

let t: TestApp;
let p: ProjectWithPeople;
beforeAll(async () => {
  t = await createTestApp({ maxAudioSeconds: 3 * 3600 });
  p = await projectWithPeople(t.app);
});
afterAll(() => t.close());

const count = async (table: 'track_versions' | 'jobs') =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('MAX_AUDIO_SECONDS', () => {
  it('a FLAC that declares 10 hours is a 422 that stores nothing and queues no decoding', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const before = { versions: await count('track_versions'), jobs: await count('jobs') };
    const res = await uploadVersion(
      t.app,
      p.owner.token,
      p.projectId,
      track._id,
      await flacDeclaring(36_000),
      'long.flac',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This file is 10:00:00 long; Mixdesk takes audio up to 3:00:00.',
    });
    expect({ versions: await count('track_versions'), jobs: await count('jobs') }).toEqual(before);
    // Nor any file: what was received is removed with the refusal.
    const stored = path.join(t.config.dataDir, 'files', 'projects', p.projectId, 'tracks');
    expect(existsSync(stored) ? readdirSync(stored) : []).toEqual([]);
  });

  it('exactly the limit is taken; a second more is not', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const at = await uploadVersion(
      t.app,
      p.owner.token,
      p.projectId,
      track._id,
      await flacDeclaring(3 * 3600),
      'at.flac',
    );
    expect(at.statusCode, at.body).toBe(201);
    const over = await uploadVersion(
      t.app,
      p.owner.token,
      p.projectId,
      track._id,
      await flacDeclaring(3 * 3600 + 1),
      'over.flac',
    );
    expect(over.statusCode).toBe(422);
  });
});
