// Where a resumable upload's bytes wait until the last one lands: @tus/file-store's files in DATA_DIR/uploads
// (the bytes in a file named by the upload's id, its tus record beside it as `<id>.json`), with the one thing
// the library does not do that this issue needs: a chunk's bytes are flushed to the disk (fsync) before its
// offset is answered, so after `kill -9` the offset HEAD answers (the file's size) is bytes that are there.
// A chunk can also be checked (Upload-Checksum) and held to the bytes the upload still lacks: a chunk that
// fails either is cut off again (ftruncate to where it began), so a refused chunk leaves nothing.
import { createHash } from 'node:crypto';
import { constants, createReadStream, type Dir } from 'node:fs';
import { type FileHandle, mkdir, open, opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/utils';
import { AppError } from '../../platform/errors.ts';
import {
  ALIGN,
  releaseAlignedRing,
  supportsDirectWrites,
  takeAlignedRing,
} from '../../platform/storage/file-writer.ts';
import type { ChunkRules, WaitingStore, WaitingUpload } from './waiting-store.ts';

/** Bytes gathered before each write to the file. */
const WRITE_BYTES = 1024 * 1024;

/** More bytes than the upload still lacks. */
export class ChunkTooLong extends Error {}

export const checksumMismatch = () =>
  new AppError(
    'CHECKSUM_MISMATCH',
    "The chunk's Upload-Checksum does not match its bytes; the chunk was discarded. Send it again.",
  );

/** An upload id as this area makes them (a UUID): nothing else names a file in the directory. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An upload's file or its record. */
const UPLOAD_FILE = /^([0-9a-f-]{36})(\.json)?$/;

export class DurableFileStore extends FileStore implements WaitingStore {
  /** Whether the directory's file system takes O_DIRECT writes (asked once). */
  private direct: Promise<boolean> | undefined;

  constructor(readonly root: string) {
    super({ directory: root });
  }

  private pathOf(id: string): string {
    if (!ID_SHAPE.test(id)) throw new Error(`Not an upload id: ${JSON.stringify(id).slice(0, 60)}`);
    return path.join(this.root, id);
  }

  /** Makes the empty file and its record, and their directory entries durable. */
  async createUpload(id: string, length: number): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await this.create(new Upload({ id, size: length, offset: 0 }));
    await syncPath(this.pathOf(id));
    await syncPath(this.root);
  }

  /** Bytes on disk for the upload; null when its file is gone. */
  async offsetOf(id: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(id))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /**
   * Writes `source` at `offset` and flushes it to the disk before resolving with the new offset. A source that
   * fails midway keeps what arrived (flushed too: the client resumes after it), unless the chunk carried a
   * checksum, which the partial bytes cannot meet; a chunk past `maxBytes` or off its checksum is cut off.
   */
  async writeChunk(id: string, offset: number, source: Readable, rules: ChunkRules): Promise<number> {
    this.direct ??= mkdir(this.root, { recursive: true }).then(() => supportsDirectWrites(this.root));
    return writeAt(this.pathOf(id), offset, source, { ...rules, direct: await this.direct });
  }

  /** The upload's bytes, start to end. */
  async readAll(id: string): Promise<Readable> {
    return createReadStream(this.pathOf(id));
  }

  localPath(id: string): string {
    return this.pathOf(id);
  }

  /** Every upload with a file (or a record) in the directory, dated by that file. */
  async *waiting(): AsyncIterable<WaitingUpload> {
    let dir: Dir;
    try {
      dir = await opendir(this.root);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const seen = new Set<string>();
    for await (const entry of dir) {
      const id = UPLOAD_FILE.exec(entry.name)?.[1];
      if (!id || !entry.isFile() || seen.has(id)) continue;
      const info = await stat(path.join(this.root, entry.name)).catch(() => null);
      if (!info) continue;
      seen.add(id);
      yield { id, modifiedAt: info.mtime };
    }
  }

  /** Removes the bytes and the record; nothing there is not an error. */
  async removeUpload(id: string): Promise<void> {
    try {
      await this.remove(id);
    } catch {
      // FileStore answers FILE_NOT_FOUND for a file already gone; its record may still be there.
      await this.configstore.delete(id).catch(() => undefined);
    }
  }
}

/**
 * Writes `source` into the file at `offset` and flushes it to the disk (unless `rules.sync` is false) before
 * resolving with the new offset. A source that fails midway keeps what arrived (flushed too: the client
 * resumes after it), unless the chunk carried a checksum, which the partial bytes cannot meet; a chunk past
 * `maxBytes` or off its checksum is cut off again (ftruncate to `offset`).
 *
 * With `rules.direct` and a chunk that begins on a block boundary (every chunk of a client whose chunk size
 * is a whole number of 4 KiB), the bytes go to the disk with O_DIRECT from page-aligned blocks, two writes in
 * flight, as a single-request upload's do (decision 007): no copy into the page cache, and the flush before
 * the offset is answered has little left to do. A tail shorter than a block goes through the page cache.
 */
export async function writeAt(
  filePath: string,
  offset: number,
  source: Readable,
  rules: ChunkRules,
): Promise<number> {
  const file = await open(filePath, 'r+');
  const ring = rules.direct && offset % ALIGN === 0 ? takeAlignedRing() : null;
  let direct: FileHandle | null = null;
  if (ring) direct = await open(filePath, constants.O_WRONLY | constants.O_DIRECT).catch(() => null);
  const hash = rules.sha256 === undefined ? null : createHash('sha256');
  let received = 0;
  let position = offset;
  let keep = true;
  // The socket's reads (64 KiB or less) gathered into blocks: a MiB through the page cache, an aligned 4 MiB
  // block with O_DIRECT. One block's write runs while the next fills.
  const blocks = direct && ring ? ring.slice(0, 2) : [Buffer.allocUnsafe(WRITE_BYTES)];
  let current = 0;
  let fill = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const submit = async () => {
    const block = blocks[current] as Buffer;
    const length = fill;
    const at = position;
    position += length;
    fill = 0;
    // Whole aligned blocks straight to the disk; anything else (a short tail) through the page cache.
    const handle = direct && length % ALIGN === 0 ? direct : file;
    await inFlight;
    inFlight = writeFully(handle, block, length, at);
    inFlight.catch(() => undefined);
    current = (current + 1) % blocks.length;
    // The block about to be filled again must be written out first.
    if (blocks.length === 1) await inFlight;
  };
  try {
    // Copies `chunk` from `from` on into the blocks; a promise only when a full block must be written first.
    const take = (chunk: Buffer, from: number): Promise<void> | undefined => {
      while (from < chunk.length) {
        const block = blocks[current] as Buffer;
        const n = Math.min(block.length - fill, chunk.length - from);
        chunk.copy(block, fill, from, from + n);
        fill += n;
        from += n;
        if (fill === block.length) return submit().then(() => take(chunk, from));
      }
      return undefined;
    };
    await eachChunk(source, (chunk) => {
      received += chunk.length;
      if (received > rules.maxBytes) {
        keep = false;
        throw new ChunkTooLong();
      }
      hash?.update(chunk);
      return take(chunk, 0);
    });
    if (hash && hash.digest('base64') !== rules.sha256) {
      keep = false;
      throw checksumMismatch();
    }
    if (fill > 0) await submit();
    await inFlight;
    return position;
  } catch (err) {
    // A chunk cut off keeps what arrived (the client resumes after it), unless a checksum was to vouch for it.
    if (hash) keep = false;
    await inFlight.catch(() => undefined);
    if (keep && fill > 0) {
      await submit();
      await inFlight;
    }
    throw err;
  } finally {
    try {
      await inFlight.catch(() => undefined);
      if (!keep) await file.truncate(offset);
      // Also after O_DIRECT: it bypasses the page cache, not the file's size or the device's write cache.
      if (rules.sync !== false) await file.sync();
    } finally {
      await direct?.close().catch(() => undefined);
      if (ring) releaseAlignedRing(ring);
      await file.close();
    }
  }
}

async function writeFully(handle: FileHandle, block: Buffer, length: number, position: number) {
  let done = 0;
  while (done < length) {
    const { bytesWritten } = await handle.write(block, done, length - done, position + done);
    done += bytesWritten;
  }
}

/** A source cut off before its end (the client went away mid-chunk). */
export class CutOff extends Error {}

/**
 * Hands each chunk of `source` to `use`, one at a time (the source paused meanwhile), until its end. Unlike
 * `for await`, a failure leaves the source as it is, undestroyed: for a request, destroying it would close
 * the connection before the error could be answered; the caller drains it instead.
 */
function eachChunk(source: Readable, use: (chunk: Buffer) => Promise<void> | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    // The write under way: an end, error or cut waits for it, so the file is never closed under a write.
    let inFlight: Promise<void> = Promise.resolve();
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      source.off('data', onData);
      source.pause();
      if (err === undefined) resolve();
      else reject(err);
    };
    const onData = (chunk: Buffer) => {
      let waiting: Promise<void> | undefined;
      try {
        waiting = use(chunk);
      } catch (err) {
        finish(err);
        return;
      }
      // Most chunks are only copied (nothing to wait for): the socket keeps flowing. One that filled a block
      // pauses it until the block may be filled again.
      if (!waiting) return;
      source.pause();
      inFlight = waiting.then(
        () => {
          if (!done) source.resume();
        },
        (err) => finish(err),
      );
    };
    source.on('data', onData);
    source.once('end', () => void inFlight.then(() => finish()));
    source.once('error', (err) => void inFlight.then(() => finish(err)));
    source.once('close', () => {
      if (!source.readableEnded) void inFlight.then(() => finish(new CutOff('The upload was cut off')));
    });
  });
}

/** fsync of a file or directory by path. */
async function syncPath(p: string): Promise<void> {
  const handle = await open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
