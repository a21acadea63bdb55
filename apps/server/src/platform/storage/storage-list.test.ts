// Listing what a storage holds, on the local disk and on S3 (s3rver, test/s3-server.ts): every complete
// object with its size and time, by prefix, across S3's pages; never a write still in progress. Also the
// SHA-256 an S3 object keeps when put knew it (what migrate-storage compares without downloading).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { S3Storage } from './s3-storage.ts';
import { LocalDiskStorage, type Storage, type StoredObject } from './storage.ts';

let s3: TestS3Server;
let bucket: S3Storage;
let root: string;
let disk: LocalDiskStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  // Three keys a page, so that a listing takes several.
  bucket = new S3Storage({ ...s3.config, batchSize: 3 });
});
afterEach(async () => {
  await s3.empty();
  rmSync(root, { recursive: true, force: true });
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
});

async function listed(storage: Storage, prefix?: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const o of storage.list(prefix)) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}
const put = (storage: Storage, key: string, text: string, sha256?: string) =>
  storage.put(key, Readable.from([Buffer.from(text)]), { maxBytes: 100, sha256 });

const KEYS = [
  'avatars/a1',
  'documents/d1/r1',
  'projects/p1/files/f1',
  'projects/p1/tracks/v1',
  'projects/p2/x',
];

describe.each(['disk', 's3'] as const)('listing on %s', (where) => {
  let storage: Storage;
  beforeAll(() => {
    storage = where === 's3' ? bucket : disk;
  });
  // A fresh disk root per test (the bucket is emptied after each).
  const fresh = () => {
    root = mkdtempSync(path.join(tmpdir(), 'mixdesk-list-'));
    disk = new LocalDiskStorage(root);
    if (where === 'disk') storage = disk;
  };

  it('lists every object with its size and modification time, across pages', async () => {
    fresh();
    const before = Date.now() - 2000;
    for (const [i, key] of KEYS.entries()) await put(storage, key, 'x'.repeat(i + 1));
    const all = await listed(storage);
    expect(all.map((o) => [o.key, o.size])).toEqual(KEYS.map((k, i) => [k, i + 1]));
    for (const o of all) {
      expect(o.modifiedAt).toBeInstanceOf(Date);
      expect(o.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(o.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('lists only the keys that start with a prefix, and nothing for an empty store or prefix', async () => {
    fresh();
    expect(await listed(storage)).toEqual([]);
    for (const key of KEYS) await put(storage, key, 'abc');
    expect((await listed(storage, 'projects/p1/')).map((o) => o.key)).toEqual([
      'projects/p1/files/f1',
      'projects/p1/tracks/v1',
    ]);
    expect((await listed(storage, 'projects/p')).map((o) => o.key)).toEqual(KEYS.slice(2));
    expect(await listed(storage, 'projects/p9/')).toEqual([]);
  });

  it('no longer lists a removed object', async () => {
    fresh();
    await put(storage, 'a/1', 'one');
    await put(storage, 'a/2', 'two');
    await storage.remove('a/1');
    expect((await listed(storage)).map((o) => o.key)).toEqual(['a/2']);
  });
});

describe('listing the local disk', () => {
  it("leaves out a write in progress ('.part') and files whose names are no key", async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mixdesk-list-'));
    disk = new LocalDiskStorage(root);
    await put(disk, 'projects/p1/files/f1', 'done');
    writeFileSync(path.join(root, 'projects', 'p1', 'files', 'f2.abc123.part'), 'half');
    writeFileSync(path.join(root, 'projects', '.DS_Store'), 'junk');
    expect((await listed(disk)).map((o) => o.key)).toEqual(['projects/p1/files/f1']);
  });

  it('removes stale partial writes older than the cut-off, and reports them', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mixdesk-list-'));
    disk = new LocalDiskStorage(root);
    await put(disk, 'projects/p1/files/f1', 'done');
    const stale = path.join(root, 'projects', 'p1', 'files', 'f2.abc123.part');
    const fresh = path.join(root, 'projects', 'p1', 'files', 'f3.def456.part');
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'half');
    const old = new Date(Date.now() - 3 * 3_600_000);
    utimesSync(stale, old, old);
    expect(await disk.removeStaleTemporaries(new Date(Date.now() - 3_600_000))).toEqual({
      removed: 1,
      bytes: 4,
    });
    expect((await listed(disk)).map((o) => o.key)).toEqual(['projects/p1/files/f1']);
    expect(await disk.removeStaleTemporaries(new Date(Date.now() + 60_000))).toEqual({
      removed: 1,
      bytes: 4,
    });
  });

  it('refuses a prefix that could leave the storage root', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mixdesk-list-'));
    disk = new LocalDiskStorage(root);
    await expect(listed(disk, '../etc/')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the SHA-256 an S3 object keeps', () => {
  it('is the one put was given, and none when put was given none', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mixdesk-list-'));
    const sha = 'ab'.repeat(32);
    await put(bucket, 'a/with', 'bytes', sha);
    await put(bucket, 'a/without', 'bytes');
    expect(await bucket.storedSha256('a/with')).toBe(sha);
    expect(await bucket.storedSha256('a/without')).toBeNull();
    expect(await bucket.storedSha256('a/missing')).toBeNull();
  });
});
