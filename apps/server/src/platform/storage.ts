// Where uploaded bytes live, behind one small interface: a local-disk implementation today (DATA_DIR/files),
// an S3-compatible one later. Keys are built from ids only (never from a user's file name), so a key can
// never leave the storage root; writes stream with constant memory and never leave a partial object behind.
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';
import { randomToken } from './ids.ts';

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /**
   * Streams `source` into the object `key`. Rejects with PAYLOAD_TOO_LARGE once more than `maxBytes`
   * arrive, and with the source's error when it fails (a cut-off upload); either way nothing is left.
   */
  put(key: string, source: Readable, opts: { maxBytes: number }): Promise<{ size: number }>;
  /** The object's bytes (or one range of them); NOT_FOUND when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/` (a project's media). */
  removePrefix(prefix: string): Promise<void>;
  /** A path on this machine for tools that need a real file (ffprobe); absent for remote storage. */
  localPath?(key: string): string;
}

/** Lower-case ids and words separated by '/': no dots, so no '..', no absolute paths, no user text. */
const KEY_SHAPE = /^[a-z0-9][a-z0-9-]{0,99}(\/[a-z0-9][a-z0-9-]{0,99}){0,7}$/;

export function assertValidKey(key: string): void {
  if (!KEY_SHAPE.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

export const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatBytes(maxBytes)} upload limit.`);

/**
 * How much each stage of an upload's stream may hold. Node's 16 KiB default makes every 64 KiB socket read
 * stop and restart the request and the file writes (a bare Node server measured 450 MiB/s, ≈ 1,000 MiB/s with
 * megabyte buffers); a few MiB per upload is still constant memory.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;
/** The file write gathers up to this much into one writev. */
const WRITE_BUFFER_BYTES = 2 * STREAM_BUFFER_BYTES;

/** Passes bytes through and fails as soon as more than `maxBytes` have gone by. */
export class ByteLimit extends Transform {
  bytes = 0;
  private nextMark: number;
  constructor(
    private readonly maxBytes: number,
    /** Called each time another `every` bytes have gone by. */
    private readonly progress?: { every: number; call: () => void },
  ) {
    super({ highWaterMark: STREAM_BUFFER_BYTES });
    this.nextMark = progress?.every ?? Number.POSITIVE_INFINITY;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(tooLarge(this.maxBytes));
      return;
    }
    if (this.bytes >= this.nextMark && this.progress) {
      this.nextMark += this.progress.every;
      this.progress.call();
    }
    done(null, chunk);
  }
}

/** While a large object streams in, flush it to disk in the background so the final fsync is short. */
const SYNC_EVERY_BYTES = 32 * 1024 * 1024;

/** Makes a rename in `dir` survive a crash. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  localPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: Readable, opts: { maxBytes: number }): Promise<{ size: number }> {
    const final = this.localPath(key);
    await mkdir(path.dirname(final), { recursive: true });
    // Written beside the final name, then renamed: readers never see half an object. The file exists
    // before any byte flows, so a failure at any point can remove it.
    const partial = `${final}.${randomToken(6)}.part`;
    const handle = await open(partial, 'wx');
    let syncing = false;
    const syncInBackground = () => {
      if (syncing) return;
      syncing = true;
      handle
        .datasync()
        .catch(() => undefined)
        .finally(() => {
          syncing = false;
        });
    };
    const limit = new ByteLimit(opts.maxBytes, { every: SYNC_EVERY_BYTES, call: syncInBackground });
    try {
      // flush: on disk before the caller records it, so a committed row never names bytes a crash can lose.
      await pipeline(
        source,
        limit,
        handle.createWriteStream({ flush: true, highWaterMark: WRITE_BUFFER_BYTES }),
      );
      await rename(partial, final);
      await syncDirectory(path.dirname(final));
      return { size: limit.bytes };
    } catch (err) {
      source.destroy();
      await handle.close().catch(() => undefined);
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.localPath(key);
    const found = await this.stat(key);
    if (!found) throw new AppError('NOT_FOUND', 'File not found');
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.localPath(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.localPath(prefix), { recursive: true, force: true });
  }
}

export function createStorage(dataDir: string): Storage {
  return new LocalDiskStorage(path.join(dataDir, 'files'));
}
