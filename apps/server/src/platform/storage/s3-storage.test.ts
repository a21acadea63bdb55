// The S3 storage against an S3-compatible server on this machine (s3rver, test/s3-server.ts): what the local
// disk does (storage.test.ts), over S3: streaming writes with constant memory, the size limit enforced while
// streaming, nothing left behind on any failure (no object, no pending multipart upload), S3 ranges on read,
// whole-prefix removal, and keys that can never carry user text. Also the start-up check of the bucket.
import net from 'node:net';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import v8 from 'node:v8';
import vm from 'node:vm';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generated, patternAt } from '../../../test/generated-bytes.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { AppError } from '../errors.ts';
import { createStorage } from './create-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { LocalDiskStorage } from './storage.ts';

const MiB = 1024 * 1024;
let server: TestS3Server;
let storage: S3Storage;

beforeAll(async () => {
  server = await startS3Server();
  // Ten keys per list-and-delete round, so that removing a prefix takes several pages.
  storage = new S3Storage({ ...server.config, batchSize: 10 });
});
afterEach(async () => {
  await server.empty();
});
afterAll(async () => {
  storage?.close();
  await server?.close();
});

/** Nothing stored and nothing pending: what every failed write must leave. */
async function expectNothingLeft() {
  expect(await server.keys()).toEqual([]);
  expect(await server.pendingUploads()).toEqual([]);
}

describe('S3Storage', () => {
  it('stores a stream under its key, reads it back whole or by range, and removes it', async () => {
    const { size } = await storage.put(
      'projects/p1/files/f1',
      Readable.from([Buffer.from('hello '), 'world']),
      { maxBytes: 100 },
    );
    expect(size).toBe(11);
    expect(await storage.stat('projects/p1/files/f1')).toEqual({ size: 11 });
    expect(await text(await storage.get('projects/p1/files/f1'))).toBe('hello world');
    expect(await text(await storage.get('projects/p1/files/f1', { start: 6, end: 10 }))).toBe('world');
    expect(await server.keys()).toEqual(['projects/p1/files/f1']);

    await storage.remove('projects/p1/files/f1');
    expect(await storage.stat('projects/p1/files/f1')).toBeNull();
    await expect(storage.remove('projects/p1/files/f1')).resolves.toBeUndefined();
    expect(await server.keys()).toEqual([]);
  });

  it('stores a stream of several parts whole, and reads any range of it from S3', async () => {
    const total = 12 * MiB + 12_345;
    expect(await storage.put('a/parts', generated(total), { maxBytes: total })).toEqual({ size: total });
    expect(await storage.stat('a/parts')).toEqual({ size: total });
    const start = 5 * MiB - 100;
    const range = await buffer(await storage.get('a/parts', { start, end: start + 999 }));
    expect(range.equals(patternAt(start, 1000))).toBe(true);
    expect(await server.pendingUploads()).toEqual([]);
  });

  it('accepts a stream of exactly the limit, in one request or in parts', async () => {
    expect(await storage.put('a/exact', generated(1000), { maxBytes: 1000 })).toEqual({ size: 1000 });
    expect(await storage.put('a/exact-parts', generated(6 * MiB), { maxBytes: 6 * MiB })).toEqual({
      size: 6 * MiB,
    });
    expect(await server.keys()).toEqual(['a/exact', 'a/exact-parts']);
  });

  it('refuses one byte over the limit with PAYLOAD_TOO_LARGE, and leaves no object', async () => {
    const err = await storage.put('a/big', generated(1001), { maxBytes: 1000 }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(await storage.stat('a/big')).toBeNull();
    await expectNothingLeft();
  });

  it('refuses a stream over the limit after parts went up, and aborts the multipart upload', async () => {
    const err = await storage.put('a/bigger', generated(40 * MiB), { maxBytes: 12 * MiB }).catch((e) => e);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect((err as AppError).message).toBe('The file is larger than the 12 MB upload limit.');
    await expectNothingLeft();
  });

  it('leaves no object and no pending part when the source fails mid-stream (a cut-off upload)', async () => {
    const err = await storage.put('a/cut', generated(40 * MiB, 12 * MiB), { maxBytes: 1e9 }).catch((e) => e);
    expect((err as Error).message).toBe('client went away');
    await expectNothingLeft();
  });

  it('never replaces an existing object with a failed write', async () => {
    await storage.put('a/keep', Readable.from([Buffer.from('original')]), { maxBytes: 100 });
    await expect(storage.put('a/keep', generated(1000), { maxBytes: 10 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expect(storage.put('a/keep', generated(20 * MiB, 7 * MiB), { maxBytes: 1e9 })).rejects.toThrow(
      'client went away',
    );
    expect(await text(await storage.get('a/keep'))).toBe('original');
    expect(await server.pendingUploads()).toEqual([]);
  });

  it('aborts multipart uploads a killed writer left, once begun before the given moment', async () => {
    // What an instance killed mid-upload leaves: a multipart upload begun, one part sent, never finished.
    const c = server.config;
    const writer = new S3Client({
      endpoint: c.endpoint,
      region: c.region,
      forcePathStyle: true,
      credentials: { accessKeyId: c.accessKeyId ?? '', secretAccessKey: c.secretAccessKey ?? '' },
    });
    const { UploadId } = await writer.send(
      new CreateMultipartUploadCommand({ Bucket: c.bucket, Key: 'projects/p1/files/cut' }),
    );
    await writer.send(
      new UploadPartCommand({
        Bucket: c.bucket,
        Key: 'projects/p1/files/cut',
        UploadId,
        PartNumber: 1,
        Body: patternAt(0, 5 * MiB),
      }),
    );
    writer.destroy();
    expect(await server.pendingUploads()).toEqual(['projects/p1/files/cut']);
    const begun = Date.now();

    // Begun after the moment: in flight, perhaps on another instance; kept.
    expect(await storage.removeStaleTemporaries(new Date(begun - 60_000))).toEqual({ removed: 0, bytes: 0 });
    expect(await server.pendingUploads()).toEqual(['projects/p1/files/cut']);
    expect(await storage.removeStaleTemporaries(new Date(begun + 1000))).toEqual({ removed: 1, bytes: 0 });
    await expectNothingLeft();
  });

  it('rejects keys that could carry user text or escape their prefix', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', 'A/B', 'a/b.wav', '', 'a\\b']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.removePrefix(key)).rejects.toThrow(/Invalid storage key/);
    }
    await expectNothingLeft();
  });

  it('reports a missing object as NOT_FOUND to get, and as null to stat', async () => {
    await expect(storage.get('a/missing')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(storage.get('a/missing', { start: 0, end: 9 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storage.stat('a/missing')).toBeNull();
  });

  it('removes a whole prefix over several pages, and nothing beside it', async () => {
    const put = (key: string) => storage.put(key, Readable.from([Buffer.from(key)]), { maxBytes: 100 });
    const doomed = Array.from({ length: 27 }, (_, i) => `projects/p1/files/f${i}`);
    const kept = ['projects/p10/files/f1', 'projects/p2/tracks/v1', 'projects/p2/files/f2'];
    for (const key of [...doomed, 'projects/p1/tracks/v1', ...kept]) await put(key);
    await storage.removePrefix('projects/p1');
    expect(await server.keys()).toEqual([...kept].sort());
    // Nothing under it any more: removing it again is not an error.
    await expect(storage.removePrefix('projects/p1')).resolves.toBeUndefined();
  });

  it('streams 64 MiB with constant memory', async () => {
    const total = 64 * MiB;
    // Samples taken right after a full collection: what the upload holds, not garbage V8 has yet to collect.
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    // Twice: the second one waits for the first one's freed buffers to be swept (done in the background).
    const gc = () => {
      collect();
      collect();
    };
    const live = () => {
      const m = process.memoryUsage();
      return { rss: m.rss, held: m.heapUsed + m.external };
    };
    await storage.put('big/warm-up', generated(12 * MiB), { maxBytes: total });
    gc();
    const before = live();
    const peak = { ...before };
    const timer = setInterval(() => {
      gc();
      const now = live();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.held = Math.max(peak.held, now.held);
    }, 20);
    try {
      expect(await storage.put('big/one', generated(total), { maxBytes: 1024 ** 3 })).toEqual({
        size: total,
      });
    } finally {
      clearInterval(timer);
    }
    const growth = { rss: peak.rss - before.rss, held: peak.held - before.held };
    console.info(
      `64 MiB upload to S3: peak RSS +${(growth.rss / MiB).toFixed(1)} MiB, peak heap and buffers held +${(growth.held / MiB).toFixed(1)} MiB`,
    );
    // What the upload holds: a few parts of 5 MiB, whatever the size of the file.
    expect(growth.held).toBeLessThan(40 * MiB);
    // The process's memory: also counts part buffers already freed that the allocator keeps mapped
    // (measured here: up to +38.5 MiB), still far from the 64 MiB a buffered upload would take.
    expect(growth.rss).toBeLessThan(48 * MiB);
    expect(await storage.stat('big/one')).toEqual({ size: total });
    const tail = await buffer(await storage.get('big/one', { start: total - 500, end: total - 1 }));
    expect(tail.equals(patternAt(total - 500, 500))).toBe(true);
  });
});

describe('createStorage', () => {
  it('uses the bucket when S3 is configured, and the local disk otherwise', async () => {
    const s3 = await createStorage({ dataDir: '/unused', s3: server.config });
    expect(s3).toBeInstanceOf(S3Storage);
    s3.close?.();
    expect(await createStorage({ dataDir: '/tmp/mixdesk-data' })).toBeInstanceOf(LocalDiskStorage);
  });

  it('stops the start with one line naming S3_BUCKET and S3_ENDPOINT when the bucket is missing', async () => {
    const err = await createStorage({
      dataDir: '/unused',
      s3: { ...server.config, bucket: 'no-such-bucket' },
    }).catch((e) => e);
    expect((err as Error).message).toBe(
      `Cannot reach S3_BUCKET "no-such-bucket" at S3_ENDPOINT ${server.endpoint}: the bucket does not exist`,
    );
  });

  it('stops the start when nothing answers at S3_ENDPOINT', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const endpoint = `http://127.0.0.1:${port}`;
    const err = await createStorage({ dataDir: '/unused', s3: { ...server.config, endpoint } }).catch(
      (e) => e,
    );
    expect((err as Error).message).toMatch(
      new RegExp(`^Cannot reach S3_BUCKET "mixdesk-test" at S3_ENDPOINT ${endpoint}: .*ECONNREFUSED`),
    );
    expect((err as Error).message.split('\n')).toHaveLength(1);
  });
});
