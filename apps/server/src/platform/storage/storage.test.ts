// The local-disk storage: streaming writes with constant memory, the size limit enforced while streaming,
// nothing left behind on any failure, ranges on read, and keys that can never leave the storage root.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generated } from '../../../test/generated-bytes.ts';
import { AppError } from '../errors.ts';
import { LocalDiskStorage } from './storage.ts';

let root: string;
let storage: LocalDiskStorage;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mixdesk-storage-'));
  storage = new LocalDiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));

describe('LocalDiskStorage', () => {
  it('stores a stream under its key, reads it back whole or by range, and removes it', async () => {
    const { size } = await storage.put(
      'projects/p1/files/f1',
      Readable.from([Buffer.from('hello '), 'world']),
      {
        maxBytes: 100,
      },
    );
    expect(size).toBe(11);
    expect(await storage.stat('projects/p1/files/f1')).toEqual({ size: 11 });
    expect(await text(await storage.get('projects/p1/files/f1'))).toBe('hello world');
    expect(await text(await storage.get('projects/p1/files/f1', { start: 6, end: 10 }))).toBe('world');
    expect(filesUnder(root)).toEqual([path.join(root, 'projects', 'p1', 'files', 'f1')]);

    await storage.remove('projects/p1/files/f1');
    expect(await storage.stat('projects/p1/files/f1')).toBeNull();
    await expect(storage.remove('projects/p1/files/f1')).resolves.toBeUndefined();
  });

  it('refuses a stream over the limit while it streams, and leaves nothing on disk', async () => {
    const err = await storage
      .put('a/big', generated(5 * 1024 * 1024), { maxBytes: 1024 * 1024 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(413);
    expect(await storage.stat('a/big')).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it('accepts a stream of exactly the limit', async () => {
    expect(await storage.put('a/exact', generated(1000), { maxBytes: 1000 })).toEqual({ size: 1000 });
  });

  it('leaves no partial object when the source fails mid-stream (a cut-off upload)', async () => {
    const err = await storage
      .put('a/cut', generated(10 * 1024 * 1024, 2 * 1024 * 1024), { maxBytes: 1e9 })
      .catch((e) => e);
    expect((err as Error).message).toBe('client went away');
    expect(filesUnder(root)).toEqual([]);
  });

  it('never replaces an existing object with a failed write', async () => {
    await storage.put('a/keep', Readable.from([Buffer.from('original')]), { maxBytes: 100 });
    await storage.put('a/keep', generated(1000), { maxBytes: 10 }).catch(() => undefined);
    expect(await text(await storage.get('a/keep'))).toBe('original');
  });

  it('rejects keys that could leave the storage root or carry user text', async () => {
    for (const key of [
      '../etc/passwd',
      '/etc/passwd',
      'a/../../b',
      'a//b',
      'A/B',
      'a/b.wav',
      '',
      'a/b\u0000c',
      'a\\b',
    ]) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect(filesUnder(root)).toEqual([]);
  });

  it('reports a missing object as NOT_FOUND', async () => {
    await expect(storage.get('a/missing')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('removes a whole prefix (a deleted project)', async () => {
    await storage.put('projects/p1/tracks/v1', Readable.from([Buffer.from('1')]), { maxBytes: 10 });
    await storage.put('projects/p1/files/f1', Readable.from([Buffer.from('2')]), { maxBytes: 10 });
    await storage.put('projects/p2/files/f2', Readable.from([Buffer.from('3')]), { maxBytes: 10 });
    await storage.removePrefix('projects/p1');
    expect(filesUnder(root)).toEqual([path.join(root, 'projects', 'p2', 'files', 'f2')]);
  });

  it('streams 256 MiB with constant memory', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const { size } = await storage.put('big/one', generated(256 * 1024 * 1024), { maxBytes: 1024 ** 3 });
      expect(size).toBe(256 * 1024 * 1024);
    } finally {
      clearInterval(timer);
    }
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});
