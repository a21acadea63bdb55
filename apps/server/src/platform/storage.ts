// Where uploaded bytes live, behind one small interface: the local disk (DATA_DIR/files, here) or an
// S3-compatible bucket (s3-storage.ts); create-storage.ts picks one from the config. Keys are built from ids
// only (never from a user's file name), so a key can never leave the storage root; writes stream with constant
// memory and never leave a partial object behind.
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from './errors.ts';
import { supportsDirectWrites, TooManyBytes, writeFileFrom } from './file-writer.ts';
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
  /** Lets go of connections when the app closes (remote storage). */
  close?(): void;
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
 * stop and restart the request (a bare Node server measured 450 MiB/s, ≈ 1,000 MiB/s with megabyte
 * buffers); a few MiB per upload is still constant memory.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

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
  /** Whether this root takes O_DIRECT writes (file-writer.ts), found out by the first upload. */
  private direct: Promise<boolean> | null;

  constructor(
    readonly root: string,
    opts: { directIo?: boolean } = {},
  ) {
    this.direct = opts.directIo === false ? Promise.resolve(false) : null;
  }

  localPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: Readable, opts: { maxBytes: number }): Promise<{ size: number }> {
    const final = this.localPath(key);
    await mkdir(path.dirname(final), { recursive: true });
    // Written beside the final name, then renamed: readers never see half an object. Flushed before the
    // rename, so a committed row never names bytes a crash can lose.
    const partial = `${final}.${randomToken(6)}.part`;
    try {
      // The directory above exists, so the probe can run in the root; a failed probe means no O_DIRECT.
      this.direct ??= supportsDirectWrites(this.root).catch(() => false);
      const { size } = await writeFileFrom(partial, source, {
        maxBytes: opts.maxBytes,
        direct: await this.direct,
      });
      await rename(partial, final);
      await syncDirectory(path.dirname(final));
      return { size };
    } catch (err) {
      source.destroy();
      await rm(partial, { force: true });
      throw err instanceof TooManyBytes ? tooLarge(opts.maxBytes) : err;
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
