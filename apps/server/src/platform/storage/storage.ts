// Where uploaded bytes live, behind one small interface: the local disk (DATA_DIR/files, here) or an
// S3-compatible bucket (s3-storage.ts); create-storage.ts picks one from the config. Keys are built from ids
// only (never from a user's file name), so a key can never leave the storage root; writes stream with constant
// memory and never leave a partial object behind.
import { createReadStream } from 'node:fs';
import { link, mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';
import { randomToken } from '../ids.ts';
import { fileNotSaved, isDiskFull } from './disk-full.ts';
import { supportsDirectWrites, TooManyBytes, writeFileFrom } from './file-writer.ts';

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored object, as a listing reports it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface PutOptions {
  maxBytes: number;
  /** The bytes' SHA-256 (hex) when known beforehand, kept with the object where the storage can (S3 metadata). */
  sha256?: string;
}

export interface Storage {
  /**
   * Streams `source` into the object `key`. Rejects with PAYLOAD_TOO_LARGE once more than `maxBytes`
   * arrive, and with the source's error when it fails (a cut-off upload); either way nothing is left.
   */
  put(key: string, source: Readable, opts: PutOptions): Promise<{ size: number }>;
  /** The object's bytes (or one range of them); NOT_FOUND when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/` (a project's media). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Every complete object whose key starts with `prefix` (all of them without one), in no set order; never an
   * upload still arriving (WAITING_UPLOADS_PREFIX).
   */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** The SHA-256 kept with the object by `put` (PutOptions.sha256); null when none was, or no object. */
  storedSha256?(key: string): Promise<string | null>;
  /**
   * Removes what writes cut off by a crash left behind, last touched before `before` (the local disk's
   * `*.part` files; a bucket's lifecycle rule does this for pending multipart uploads).
   */
  removeStaleTemporaries?(before: Date): Promise<{ removed: number; bytes: number }>;
  /**
   * Makes `file`, a complete file on this machine's disk whose bytes are already flushed (a finished resumable
   * upload), the object `key` without copying it: a second name for the same bytes (a hard link), so the
   * file may be removed after (a copy when it is on another file system). Absent where objects live
   * elsewhere.
   */
  adopt?(key: string, file: string): Promise<{ size: number }>;
  /** A path on this machine for tools that need a real file (ffprobe); absent for remote storage. */
  localPath?(key: string): string;
  /** Lets go of connections when the app closes (remote storage). */
  close?(): void;
}

/**
 * In a bucket, the keys under this prefix are resumable uploads still arriving (the uploads area's, seen by
 * every instance), not stored files: listings, and so the storage sweep, backups and migrate-storage, pass
 * them by, and the uploads area sweeps them itself. No stored file's key begins so.
 */
export const WAITING_UPLOADS_PREFIX = 'uploads/';

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

/** The ending of a file still being written (renamed to its key once complete). */
const PARTIAL_SUFFIX = '.part';

/** Every file under `dir` (recursively), with its path relative to `root` in '/' form; none when `dir` is absent. */
async function* filesUnder(root: string, dir: string): AsyncGenerator<{ relative: string; full: string }> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(dir);
  } catch (err) {
    if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return;
    throw err;
  }
  for await (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile()) yield { relative: path.relative(root, full).split(path.sep).join('/'), full };
  }
}

/** A file's size and modification time; null when it went meanwhile (removed while listed). */
async function statIfThere(file: string): Promise<{ size: number; mtime: Date } | null> {
  try {
    return await stat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
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

  async put(key: string, source: Readable, opts: PutOptions): Promise<{ size: number }> {
    const final = this.localPath(key);
    // Written beside the final name, then renamed: readers never see half an object. Flushed before the
    // rename, so a committed row never names bytes a crash can lose.
    const partial = `${final}.${randomToken(6)}${PARTIAL_SUFFIX}`;
    try {
      await mkdir(path.dirname(final), { recursive: true });
      // The directory above exists, so the probe can run in the root; a failed probe means no O_DIRECT (a
      // full disk says nothing about O_DIRECT: the next upload probes again).
      this.direct ??= supportsDirectWrites(this.root).catch((err) => {
        if (isDiskFull(err)) this.direct = null;
        return false;
      });
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
      if (err instanceof TooManyBytes) throw tooLarge(opts.maxBytes);
      // Nothing of the file is kept (the partial file is gone), so the answer can say so.
      throw isDiskFull(err) ? fileNotSaved(err) : err;
    }
  }

  async adopt(key: string, file: string): Promise<{ size: number }> {
    const final = this.localPath(key);
    await mkdir(path.dirname(final), { recursive: true });
    try {
      await link(file, final);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // On another file system (DATA_DIR's folders mounted apart): a copy, as put makes it.
      if (code === 'EXDEV')
        return this.put(key, createReadStream(file), { maxBytes: Number.MAX_SAFE_INTEGER });
      // A try before this one linked it and stopped before its row was committed: link it again.
      if (code !== 'EEXIST') throw err;
      await rm(final, { force: true });
      await link(file, final);
    }
    await syncDirectory(path.dirname(final));
    return { size: (await stat(final)).size };
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

  /** Walks the folders the prefix can be in; files whose names are no key (writes in progress) are left out. */
  async *list(prefix = ''): AsyncIterable<StoredObject> {
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    if (folder) assertValidKey(folder.slice(0, -1));
    for await (const { relative, full } of filesUnder(this.root, path.join(this.root, folder))) {
      if (!relative.startsWith(prefix) || !KEY_SHAPE.test(relative)) continue;
      const found = await statIfThere(full);
      if (found) yield { key: relative, size: found.size, modifiedAt: found.mtime };
    }
  }

  async removeStaleTemporaries(before: Date): Promise<{ removed: number; bytes: number }> {
    let removed = 0;
    let bytes = 0;
    for await (const { full } of filesUnder(this.root, this.root)) {
      if (!full.endsWith(PARTIAL_SUFFIX)) continue;
      const found = await statIfThere(full);
      if (!found || found.mtime >= before) continue;
      await rm(full, { force: true });
      removed += 1;
      bytes += found.size;
    }
    return { removed, bytes };
  }
}
