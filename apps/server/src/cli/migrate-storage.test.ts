// `npm run migrate-storage`: every object copied from the local disk to S3 (s3rver, test/s3-server.ts) and
// back with the same bytes, checked by size and SHA-256; a rerun copies nothing; a wrong copy in the target is
// replaced; an object whose source fails midway is reported, the command exits non-zero, and the next run
// completes it. Nothing is ever removed from the source.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { S3Storage } from '../platform/storage/s3-storage.ts';
import { LocalDiskStorage, type Storage } from '../platform/storage/storage.ts';
import { migrateStorage, migrateStorageCommand } from './migrate-storage.ts';

const MiB = 1024 * 1024;
let s3: TestS3Server;
let bucket: S3Storage;
let dataDir: string;
let disk: LocalDiskStorage;
let lines: string[];
const print = (line: string) => lines.push(line);

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Storage(s3.config);
});
beforeEach(async () => {
  await s3.empty();
  dataDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-migrate-'));
  disk = new LocalDiskStorage(path.join(dataDir, 'files'));
  lines = [];
  return () => rmSync(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
});

/** The server's environment for this data dir and bucket, as an operator would set it. */
const env = () => ({
  DATA_DIR: dataDir,
  S3_BUCKET: s3.config.bucket,
  S3_ENDPOINT: s3.config.endpoint,
  S3_REGION: s3.config.region,
  S3_ACCESS_KEY_ID: s3.config.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
  S3_FORCE_PATH_STYLE: '1',
});
const run = (to: string) => migrateStorageCommand(['--to', to], env(), print);

const FILES: Record<string, Buffer> = {
  'projects/p1/tracks/v1': randomBytes(6 * MiB + 123),
  'projects/p1/files/f1': Buffer.from('stems, zipped'),
  'avatars/a1': Buffer.from('png bytes'),
  'documents/d1/r1': Buffer.from('%PDF-1.7 ...'),
};
async function writeAll(storage: Storage, files: Record<string, Buffer> = FILES) {
  for (const [key, bytes] of Object.entries(files))
    await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
}
const read = async (storage: Storage, key: string) => buffer(await storage.get(key));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const summaryLine = () => lines.find((l) => l.startsWith('migrate-storage:'));

describe('npm run migrate-storage', () => {
  it('copies every object from disk to S3 with the same bytes and its SHA-256, and a rerun copies nothing', async () => {
    await writeAll(disk);
    expect(await run('s3')).toBe(0);
    expect(summaryLine()).toMatch(/^migrate-storage: copied 4, skipped 0, failed 0, 6 MB in \d+\.\d s$/);
    expect(await s3.keys()).toEqual(Object.keys(FILES).sort());
    for (const [key, bytes] of Object.entries(FILES)) {
      expect((await read(bucket, key)).equals(bytes)).toBe(true);
      expect(await bucket.storedSha256(key)).toBe(sha256(bytes));
      // Never removed from the source.
      expect(readFileSync(disk.localPath(key)).equals(bytes)).toBe(true);
    }

    lines = [];
    expect(await run('s3')).toBe(0);
    expect(summaryLine()).toMatch(/^migrate-storage: copied 0, skipped 4, failed 0, 0 B in /);
  });

  it('replaces a target object with other bytes, of another size or of the same size', async () => {
    await writeAll(disk);
    await writeAll(bucket, {
      'avatars/a1': Buffer.from('png bytez'),
      'projects/p1/files/f1': Buffer.from('short'),
    });
    expect(await run('s3')).toBe(0);
    expect(summaryLine()).toMatch(/copied 4, skipped 0, failed 0/);
    expect((await read(bucket, 'avatars/a1')).equals(FILES['avatars/a1']!)).toBe(true);
    expect((await read(bucket, 'projects/p1/files/f1')).equals(FILES['projects/p1/files/f1']!)).toBe(true);
  });

  it('copies S3 back to disk as identical files, skipping what is already there', async () => {
    await writeAll(bucket);
    await writeAll(disk, { 'avatars/a1': FILES['avatars/a1']! });
    expect(await run('disk')).toBe(0);
    expect(summaryLine()).toMatch(/copied 3, skipped 1, failed 0/);
    for (const [key, bytes] of Object.entries(FILES))
      expect(readFileSync(disk.localPath(key)).equals(bytes)).toBe(true);
    expect(await s3.keys()).toEqual(Object.keys(FILES).sort());
  });

  it('reports an object whose source fails midway, leaves nothing of it, and the next run completes it', async () => {
    await writeAll(disk);
    const broken = 'projects/p1/tracks/v1';
    // The disk, except that reading one object fails after its first MiB.
    const failing: Storage = Object.create(disk, {
      get: {
        value: async (key: string) => {
          if (key !== broken) return disk.get(key);
          return Readable.from(
            (async function* () {
              yield FILES[broken]!.subarray(0, MiB);
              throw new Error('read error on the disk');
            })(),
          );
        },
      },
    });
    const summary = await migrateStorage(failing, bucket, print);
    expect(summary).toMatchObject({ copied: 3, skipped: 0, failed: 1 });
    expect(lines).toContain(`failed: ${broken}: read error on the disk`);
    // Nothing half-written: the object is simply not there, and no multipart upload is left pending.
    expect(await s3.keys()).toEqual(
      Object.keys(FILES)
        .filter((k) => k !== broken)
        .sort(),
    );
    expect(await s3.pendingUploads()).toEqual([]);

    lines = [];
    expect(await run('s3')).toBe(0);
    expect(summaryLine()).toMatch(/copied 1, skipped 3, failed 0/);
    expect((await read(bucket, broken)).equals(FILES[broken]!)).toBe(true);
  });

  it('exits non-zero when an object fails, and with usage for a missing direction or bucket', async () => {
    await writeAll(bucket, { 'a/ok': Buffer.from('fine') });
    // An object put there by something else, under a name the disk can never hold: it fails, the rest is copied.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'Notes/README.txt', Body: 'x' }));
    client.destroy();
    expect(await run('disk')).toBe(1);
    expect(summaryLine()).toMatch(/copied 1, skipped 0, failed 1/);
    expect(lines).toContainEqual(expect.stringMatching(/^failed: Notes\/README\.txt: Invalid storage key/));
    expect(readFileSync(disk.localPath('a/ok'), 'utf8')).toBe('fine');

    expect(await migrateStorageCommand([], env(), print)).toBe(2);
    expect(lines.at(-1)).toMatch(/^Usage: npm run migrate-storage -- --to s3/);
    expect(await migrateStorageCommand(['--to', 's3'], { DATA_DIR: dataDir }, print)).toBe(2);
    expect(lines.at(-1)).toMatch(/^S3_BUCKET is not set/);
  });
});
