// Packages when the files are in an S3 bucket (s3rver on this machine, test/s3-server.ts): the digests are read
// from the objects, every entry's data is an S3 range read, and the archive is the same kind of ZIP, judged
// by unzip -t and 7z t, its ranges put together the whole.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from '../media/media-testing.ts';
import { insertStem, readZip, sevenZipTest, sha256Hex, unzipTest } from './packages-testing.ts';

let s3: TestS3Server;
let t: TestApp;
let p: ProjectWithPeople;
let dir: string;
const expected = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config });
  p = await projectWithPeople(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-packages-s3-'));
  const trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Bucket' }))._id;
  const mix = sineWav({ seconds: 1 });
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, mix, 'mix.wav');
  expect(res.statusCode).toBe(201);
  expected.set('01 Bucket/mix.wav', mix);
  const stem = sineWav({ seconds: 0.5, hz: 220 });
  await insertStem(
    t.app,
    { projectId: p.projectId, trackId, versionId: res.json().data.version._id },
    { name: 'Pad', originalName: 'pad.wav', bytes: stem },
  );
  expected.set('01 Bucket/stems/Pad.wav', stem);
  const notes = Buffer.from('session notes\n');
  expect(
    (await uploadFile(t.app, p.owner.token, p.projectId, notes, 'notes.txt', 'session')).statusCode,
  ).toBe(201);
  expected.set('Files/session/notes.txt', notes);
  await jobQueue(t.app.ctx).idle();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a package of files in a bucket', () => {
  it('is a valid ZIP of the objects’ bytes, and its ranges put together are the whole', async () => {
    const url = `/api/projects/${p.projectId}/package.zip`;
    const res = await t.app.inject({ url, headers: bearer(p.owner.token) });
    expect(res.statusCode).toBe(200);
    const whole = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(whole.length);
    const file = path.join(dir, 'bucket.zip');
    writeFileSync(file, whole);
    await unzipTest(file);
    await sevenZipTest(file);
    const entries = await readZip(file);
    expect(entries.map((e) => e.name).sort()).toEqual([...expected.keys(), 'checksums.sha256'].sort());
    for (const e of entries)
      if (expected.has(e.name)) expect(e.sha256, e.name).toBe(sha256Hex(expected.get(e.name)!));

    const cuts = [0, 77, 5000, Math.floor(whole.length / 2), whole.length - 30, whole.length];
    const parts: Buffer[] = [];
    for (let i = 0; i < cuts.length - 1; i++) {
      const part = await t.app.inject({
        url,
        headers: { ...bearer(p.owner.token), range: `bytes=${cuts[i]}-${cuts[i + 1]! - 1}` },
      });
      expect(part.statusCode).toBe(206);
      parts.push(part.rawPayload);
    }
    expect(Buffer.concat(parts).equals(whole)).toBe(true);
  });
});
