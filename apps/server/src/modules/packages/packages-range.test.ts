// A package answers like a file (issue #36): its length before the first byte, byte ranges cut anywhere
// (inside a header, inside an entry's data, inside the central directory), 416 past the end, If-Range with
// another ETag served whole, and the same bytes and ETag to 100 requests at once.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { postComment } from '../comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';
import { insertStem } from './packages-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let url: string;
let versionUrl: string;
let whole: Buffer;
let etag: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Range' });
  const res = await uploadVersion(
    t.app,
    p.owner.token,
    p.projectId,
    track._id,
    sineWav({ seconds: 2 }),
    'mix.wav',
  );
  expect(res.statusCode).toBe(201);
  const versionId = res.json().data.version._id;
  for (const name of ['Drums', 'Bass'])
    await insertStem(
      t.app,
      { projectId: p.projectId, trackId: track._id, versionId },
      { name, originalName: `${name}.wav`, bytes: sineWav({ seconds: 1, hz: name.length * 100 }) },
    );
  versionUrl = `/api/projects/${p.projectId}/tracks/${track._id}/versions/${versionId}`;
  url = `/api/projects/${p.projectId}/package.zip`;
  await jobQueue(t.app.ctx).idle();
  const full = await get(url);
  expect(full.statusCode).toBe(200);
  whole = full.rawPayload;
  etag = String(full.headers.etag);
});
afterAll(() => t.close());

const get = (at: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: at, headers: { ...bearer(p.viewer.token), ...headers } });

/** Offsets of a 4-byte signature in the archive, found by reading it (not from the server's layout). */
function offsetsOf(signature: number): number[] {
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(signature);
  const out: number[] = [];
  for (let at = whole.indexOf(sig); at !== -1; at = whole.indexOf(sig, at + 1)) out.push(at);
  return out;
}

async function range(start: number, end: number | '') {
  const res = await get(url, { range: `bytes=${start}-${end}` });
  expect(res.statusCode).toBe(206);
  const last = end === '' ? whole.length - 1 : end;
  expect(res.headers['content-range']).toBe(`bytes ${start}-${last}/${whole.length}`);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  expect(res.headers.etag).toBe(etag);
  return res.rawPayload;
}

describe('a package’s byte ranges', () => {
  it('put together from ranges cut inside headers, entry data and the central directory, is the whole', async () => {
    const locals = offsetsOf(0x04034b50);
    const centrals = offsetsOf(0x02014b50);
    const end = offsetsOf(0x06054b50).at(-1)!;
    expect(locals.length).toBe(4); // mix, two stems, checksums
    const cuts = [
      locals[1]! + 10, // inside the second local header
      locals[1]! + 200, // inside the first stem's data
      locals[2]! - 3, // the last bytes of that data
      locals[3]! + 31, // inside the checksums' name
      centrals[1]! + 5, // inside the central directory
      end + 7, // inside the end record
    ];
    const bounds = [0, ...cuts, whole.length];
    const parts: Buffer[] = [];
    for (let i = 0; i < bounds.length - 1; i++) parts.push(await range(bounds[i]!, bounds[i + 1]! - 1));
    expect(Buffer.concat(parts).equals(whole)).toBe(true);
    // Open-ended and suffix ranges.
    expect((await range(locals[2]!, '')).equals(whole.subarray(locals[2]!))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-100' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 100))).toBe(true);
    const oneByte = await range(whole.length - 1, whole.length - 1);
    expect(oneByte.equals(whole.subarray(-1))).toBe(true);
  });

  it('HEAD: the length and ETag alone', async () => {
    const res = await t.app.inject({ method: 'HEAD', url, headers: bearer(p.viewer.token) });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(whole.length);
    expect(res.headers.etag).toBe(etag);
    expect(res.rawPayload.length).toBe(0);
  });

  it('past the end: 416 with the length, and the JSON error', async () => {
    for (const asked of [`bytes=${whole.length}-`, `bytes=${whole.length + 10}-${whole.length + 20}`]) {
      const res = await get(url, { range: asked });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${whole.length}`);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
  });

  it('If-Range with another ETag: the whole package (200); with this one: the range', async () => {
    const other = await get(url, { range: 'bytes=100-199', 'if-range': '"zip-something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(whole)).toBe(true);
    const same = await get(url, { range: 'bytes=100-199', 'if-range': etag });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('to 100 requests at once, its digests to compute: every one whole, the same bytes and ETag, no 5xx', async () => {
    // None known: every request waits for the same reads of the objects (one each on this instance).
    await t.app.ctx.db.deleteFrom('object_digests').execute();
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(url)));
    const digest = createHash('sha256').update(whole).digest('hex');
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(etag);
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(digest);
    }
  });

  it('follows what it holds: a new comment changes the version package’s markers, so its ETag', async () => {
    const before = await get(`${versionUrl}/package.zip`);
    const again = await get(`${versionUrl}/package.zip`);
    expect(again.headers.etag).toBe(before.headers.etag);
    expect(again.rawPayload.equals(before.rawPayload)).toBe(true);
    await postComment(t.app, p.owner.token, `${versionUrl}/comments`, { body: 'Later', at: 1 });
    const after = await get(`${versionUrl}/package.zip`);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A resume against the old ETag is told the package changed: it gets the whole new one.
    const resumed = await get(`${versionUrl}/package.zip`, {
      range: 'bytes=10-',
      'if-range': String(before.headers.etag),
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.rawPayload.equals(after.rawPayload)).toBe(true);
  });
});
