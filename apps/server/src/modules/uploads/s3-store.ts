// Where a resumable upload's bytes wait on S3 storage: in the bucket, under `uploads/`, in @tus/s3-store's
// layout (a multipart upload at `uploads/<id>` whose parts are the bytes so far, `uploads/<id>.info` its
// record, `uploads/<id>.part` the tail too short to be a part yet), so every instance sees where an upload
// stands and any of them takes its next chunk. A part or the tail is answered for by S3 once stored, so the
// offset HEAD answers is bytes in the bucket. What the library does not do is done here: a chunk is first
// received into a scratch file, where its length and its checksum are checked, and only a chunk that passes
// (or the part of it that arrived before a cut) goes up; the sweep's listing; removal of a completed upload.
import { createReadStream } from 'node:fs';
import { mkdir, opendir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/utils';
import type { S3Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/ids.ts';
import { s3ClientConfig } from '../../platform/storage/s3-storage.ts';
import { WAITING_UPLOADS_PREFIX } from '../../platform/storage/storage.ts';
import { ChunkTooLong, writeAt } from './disk-store.ts';
import type { ChunkRules, WaitingStore, WaitingUpload } from './waiting-store.ts';

/** The part size: tus-js-client's and the web app's 8 MiB chunk is one part. */
const PART_BYTES = 8 * 1024 * 1024;
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A key of the waiting room: the multipart upload's (and the object it becomes), its record, its tail. */
const WAITING_KEY = /^uploads\/([0-9a-f-]{36})(\.info|\.part)?$/;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export class S3WaitingStore extends S3Store implements WaitingStore {
  /**
   * @param scratch a directory on this machine for the chunk being received (one file per chunk in flight,
   *   removed when it went up; the sweep removes what a crash left)
   */
  constructor(
    config: S3Config,
    readonly scratch: string,
  ) {
    super({ partSize: PART_BYTES, s3ClientConfig: { bucket: config.bucket, ...s3ClientConfig(config) } });
  }

  private keyOf(id: string): string {
    if (!ID_SHAPE.test(id)) throw new Error(`Not an upload id: ${JSON.stringify(id).slice(0, 60)}`);
    return `${WAITING_UPLOADS_PREFIX}${id}`;
  }

  async createUpload(id: string, length: number): Promise<void> {
    await this.create(new Upload({ id: this.keyOf(id), size: length, offset: 0 }));
  }

  async offsetOf(id: string): Promise<number | null> {
    const key = this.keyOf(id);
    // The record first, past any cache: another instance may have removed the upload. (getUpload would
    // answer "not found" for an outage too.)
    try {
      await this.client.headObject({ Bucket: this.bucket, Key: this.infoKey(key) });
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return (await this.getUpload(key)).offset;
  }

  async writeChunk(id: string, offset: number, source: Readable, rules: ChunkRules): Promise<number> {
    const key = this.keyOf(id);
    await mkdir(this.scratch, { recursive: true });
    const spool = path.join(this.scratch, `${id}.${randomToken(6, 'hex')}`);
    await writeFile(spool, '');
    try {
      let cut: unknown = null;
      try {
        await writeAt(spool, 0, source, { ...rules, sync: false });
      } catch (err) {
        // Too long or off its checksum: nothing goes up. Cut off: what arrived does (the client resumes
        // after it), as on the disk.
        if (err instanceof ChunkTooLong || err instanceof AppError) throw err;
        cut = err;
      }
      const { size } = await stat(spool);
      const next = size === 0 ? offset : await this.write(createReadStream(spool), key, offset);
      if (cut !== null) throw cut;
      return next;
    } finally {
      await rm(spool, { force: true });
    }
  }

  async readAll(id: string): Promise<Readable> {
    return this.read(this.keyOf(id)) as Promise<Readable>;
  }

  /**
   * Aborts the multipart upload (it holds the parts), then deletes the object it became, the record and
   * the tail. Listed by key rather than read from the record, so an upload whose record never got written
   * (a crash in between) goes too.
   */
  async removeUpload(id: string): Promise<void> {
    const key = this.keyOf(id);
    const { Uploads } = await this.client.listMultipartUploads({ Bucket: this.bucket, Prefix: key });
    for (const u of Uploads ?? [])
      if (u.Key === key && u.UploadId)
        await this.client
          .abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: u.UploadId })
          .catch((err: { name?: string }) => {
            if (err.name !== 'NoSuchUpload') throw err;
          });
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: key }, { Key: this.infoKey(key) }, { Key: this.partKey(key, true) }],
        Quiet: true,
      },
    });
    await this.clearCache(key);
  }

  async *waiting(): AsyncIterable<WaitingUpload> {
    const latest = new Map<string, Date>();
    const note = (key: string | undefined, at: Date | undefined) => {
      const id = key === undefined ? undefined : WAITING_KEY.exec(key)?.[1];
      if (!id) return;
      const was = latest.get(id);
      const when = at ?? new Date(0);
      if (!was || was < when) latest.set(id, when);
    };
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: WAITING_UPLOADS_PREFIX,
        ContinuationToken: token,
      });
      for (const o of page.Contents ?? []) note(o.Key, o.LastModified);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        Prefix: WAITING_UPLOADS_PREFIX,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      });
      for (const u of page.Uploads ?? []) note(u.Key, u.Initiated);
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    for (const [id, modifiedAt] of latest) yield { id, modifiedAt };
  }

  /** Scratch files a crash left mid-chunk, older than `before`. */
  async removeScratch(before: Date): Promise<number> {
    let removed = 0;
    try {
      for await (const entry of await opendir(this.scratch)) {
        const file = path.join(this.scratch, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info || info.mtime >= before) continue;
        await rm(file, { force: true });
        removed += 1;
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}
