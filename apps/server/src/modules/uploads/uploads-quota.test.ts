// The limits a resumable upload meets at creation, from its declared length, before a byte is sent: the upload
// limit (MAX_UPLOAD_BYTES; an avatar's own), the owner's storage quota with the bytes of their other unfinished
// uploads reserved, and the upload rate limit. Each at exactly the limit and one over; the reservation under a
// burst of 100 creations at once; and freed again when an upload is terminated, fails or is done.

import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { AVATAR_MAX_BYTES } from '@mixdesk/contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';
import { idOf, listening, metadataHeader, outcome, tusHeaders, tusSend } from './uploads-testing.ts';

const LIMIT = 400_000;
const QUOTA = 1_000_000;

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT, storageQuotaBytes: QUOTA, rateLimits: { upload: 1000 } });
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Opener' }))._id;
  base = await listening(t.app);
});
afterAll(async () => {
  await t.close();
});

const meta = (target = 'version') =>
  target === 'avatar'
    ? metadataHeader({ target: 'avatar' })
    : metadataHeader({ target: 'version', projectId: p.projectId, trackId });

const create = (length: number, target = 'version', token = p.editor.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(token, { 'upload-length': String(length), 'upload-metadata': meta(target) }),
  });

const terminate = (res: { headers: Record<string, unknown> }, token = p.editor.token) =>
  t.app.inject({ method: 'DELETE', url: String(res.headers.location), headers: tusHeaders(token) });

describe('the upload limit', () => {
  it('a version or file: MAX_UPLOAD_BYTES exactly is taken, one byte more is 413', async () => {
    const at = await create(LIMIT);
    expect(at.statusCode).toBe(201);
    const over = await create(LIMIT + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/upload limit/);
    expect((await terminate(at)).statusCode).toBe(204);
  });

  it("an avatar: the avatar's limit exactly is taken, one byte more is 413", async () => {
    const at = await create(AVATAR_MAX_BYTES, 'avatar', p.viewer.token);
    expect(at.statusCode).toBe(201);
    expect((await create(AVATAR_MAX_BYTES + 1, 'avatar', p.viewer.token)).statusCode).toBe(413);
    expect((await terminate(at, p.viewer.token)).statusCode).toBe(204);
  });
});

describe("the owner's storage", () => {
  it('reserves declared bytes: up to the quota exactly, then 413 until a reservation is given back', async () => {
    const first = await create(LIMIT);
    const second = await create(LIMIT, 'version', p.owner.token);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    // 800,000 reserved of 1,000,000: 200,000 exactly fits, 200,001 does not.
    const over = await create(QUOTA - 2 * LIMIT + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, message: STORAGE_QUOTA_EXCEEDED });
    const exact = await create(QUOTA - 2 * LIMIT);
    expect(exact.statusCode).toBe(201);
    expect((await create(1)).statusCode).toBe(413);
    for (const [res, token] of [
      [first, p.editor.token],
      [second, p.owner.token],
      [exact, p.editor.token],
    ] as const)
      expect((await terminate(res, token)).statusCode).toBe(204);
    const again = await create(LIMIT);
    expect(again.statusCode).toBe(201);
    await terminate(again);
  });

  it('a single-request upload cannot take the room a resumable upload reserved', async () => {
    const wav = sineWav({ seconds: 1, channels: 1 });
    // Reserved: all but wav.length - 1 bytes of the quota, in three uploads under the upload limit.
    const a = await create(LIMIT);
    const b = await create(LIMIT);
    const c = await create(QUOTA - 2 * LIMIT - wav.length + 1);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    const single = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, wav);
    expect(single.statusCode).toBe(413);
    expect(single.json().message).toBe(STORAGE_QUOTA_EXCEEDED);
    // One byte fewer reserved, and the same file fits exactly.
    expect((await terminate(c)).statusCode).toBe(204);
    const exact = await create(QUOTA - 2 * LIMIT - wav.length);
    expect(exact.statusCode).toBe(201);
    const fits = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, wav);
    expect(fits.statusCode).toBe(201);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${fits.json().data.version._id}`,
      headers: tusHeaders(p.owner.token),
    });
    for (const res of [a, b, exact]) expect((await terminate(res)).statusCode).toBe(204);
    const after = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, wav);
    expect(after.statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${after.json().data.version._id}`,
      headers: tusHeaders(p.owner.token),
    });
    expect(del.statusCode).toBe(200);
  });

  it('a burst of 100 creations at once reserves no more than the quota: exactly 10 of 100,000 bytes', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => create(100_000)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 413)).toHaveLength(90);
    for (const res of answers.filter((r) => r.statusCode === 201))
      expect((await terminate(res)).statusCode).toBe(204);
  });

  it('a refused file gives its reservation back; a done one counts as stored instead', async () => {
    const junk = Buffer.alloc(LIMIT, 0x41);
    const failed = await tusSend(base, p.editor.token, junk, {
      target: 'version',
      projectId: p.projectId,
      trackId,
    });
    expect((await outcome(t.app, p.editor.token, idOf(failed.url))).status).toBe('failed');
    const wav = sineWav({ seconds: 2, channels: 2 });
    const done = await tusSend(base, p.editor.token, wav, {
      target: 'version',
      projectId: p.projectId,
      trackId,
    });
    expect((await outcome(t.app, p.editor.token, idOf(done.url))).status).toBe('done');
    // Stored: the version's bytes. Reserved: none. The room left is the quota less the version exactly.
    const room = QUOTA - wav.length;
    const fits = await create(Math.min(LIMIT, room));
    expect(fits.statusCode).toBe(201);
    const rest = room - Math.min(LIMIT, room);
    expect((await create(rest + 1)).statusCode).toBe(413);
    await terminate(fits);
  });
});

describe('the rate limit', () => {
  it('creations count as uploads (RATE_LIMIT_UPLOAD): past it, 429 with Retry-After', async () => {
    const limited = await createTestApp({ rateLimits: { upload: 3 } });
    try {
      const q = await projectWithPeople(limited.app);
      const track = (await addTrack(limited.app, q.owner.token, q.projectId, { title: 'A' }))._id;
      const header = metadataHeader({ target: 'version', projectId: q.projectId, trackId: track });
      const codes: number[] = [];
      let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
      for (let i = 0; i < 4; i += 1) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: tusHeaders(q.owner.token, { 'upload-length': '1000', 'upload-metadata': header }),
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(last?.json().message).toMatch(/Too many uploads/);
    } finally {
      await limited.close();
    }
  });
});
