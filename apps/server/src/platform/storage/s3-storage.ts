// Uploaded bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), behind the same interface
// as the local disk: uploads stream through in parts of a few MiB (constant memory) with the size limit
// enforced while streaming, an object appears only once complete (S3 writes are atomic), and a failed upload
// is aborted so that the bucket keeps neither an object nor a pending part.
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { TooManyBytes } from './file-writer.ts';
import {
  assertValidKey,
  type ByteRange,
  type PutOptions,
  STREAM_BUFFER_BYTES,
  type Storage,
  type StoredObject,
  tooLarge,
  WAITING_UPLOADS_PREFIX,
} from './storage.ts';

/**
 * Bytes per part: S3's smallest is 5 MiB. With two parts in flight and one filling, an upload holds about
 * four parts' worth at most, whatever its size.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** S3 takes at most 10,000 parts: past 48 GiB of limit, parts grow so that a file of the limit still fits. */
const MAX_PARTS = 10_000;
/** S3 lists and deletes at most 1,000 keys per request. */
const MAX_BATCH = 1000;
/** The user metadata (x-amz-meta-sha256) that keeps an object's SHA-256 when put knew it beforehand. */
const SHA256_METADATA = 'sha256';

export interface S3StorageOptions extends S3Config {
  /** Keys per list page (and per batch delete of removePrefix): S3's maximum unless a test lowers it. */
  batchSize?: number;
}

/** Passes bytes on and counts them; fails with TooManyBytes as soon as more than `maxBytes` went through. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super({ highWaterMark: STREAM_BUFFER_BYTES });
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new TooManyBytes());
    else done(null, chunk);
  }
}

/** A missing object: GetObject says NoSuchKey, HeadObject only 404 (a missing bucket is an outage). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name !== 'NoSuchBucket' && (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404);
}

/** The client settings for a bucket of these S3_* settings (the storage's, and the uploads area's waiting bytes). */
export function s3ClientConfig(opts: S3Config): S3ClientConfig {
  return {
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where an operation requires one: several S3-compatible stores refuse the SDK's
    // newer default (a CRC32 on every request), and TLS already protects the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // A download holds its connection while the listener plays it: more than the default 50 at once.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  };
}

export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly batchSize: number;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.batchSize = Math.min(opts.batchSize ?? MAX_BATCH, MAX_BATCH);
    this.client = new S3Client(s3ClientConfig(opts));
  }

  /** Rejects unless the bucket exists and these credentials may use it. */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(key: string, source: Readable, opts: PutOptions): Promise<{ size: number }> {
    assertValidKey(key);
    const counter = new ByteCounter(opts.maxBytes);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: counter,
        ...(opts.sha256 ? { Metadata: { [SHA256_METADATA]: opts.sha256 } } : {}),
      },
      queueSize: PARTS_IN_FLIGHT,
      partSize: Math.max(PART_BYTES, Math.ceil(opts.maxBytes / MAX_PARTS)),
      // On any failure Upload lets the parts in flight finish, then aborts the multipart upload, before
      // done() rejects: once this returns, the bucket holds neither the object nor a part of it.
      leavePartsOnError: false,
    });
    // The first failure wins: the source's (or TooManyBytes), which reaches Upload through the counter, or
    // S3's, which stops the stream. (Upload never takes an AbortController here: done() would then reject
    // before the multipart upload is aborted.)
    let failure: unknown;
    await Promise.all([
      pipeline(source, counter).catch((err) => {
        failure ??= err;
      }),
      upload.done().catch((err) => {
        failure ??= err;
        counter.destroy();
      }),
    ]);
    if (failure === undefined) return { size: counter.bytes };
    source.destroy();
    throw failure instanceof TooManyBytes ? tooLarge(opts.maxBytes) : failure;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(Body instanceof Readable)) throw new Error(`S3 sent no stream for ${key}`);
      return Body;
    } catch (err) {
      if (isMissing(err)) throw new AppError('NOT_FOUND', 'File not found');
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const head = await this.head(key);
    return head && { size: head.ContentLength ?? 0 };
  }

  async storedSha256(key: string): Promise<string | null> {
    return (await this.head(key))?.Metadata?.[SHA256_METADATA] ?? null;
  }

  private async head(key: string) {
    assertValidKey(key);
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.listPage(prefix, token);
      for (const o of page.Contents ?? [])
        if (o.Key && !o.Key.startsWith(WAITING_UPLOADS_PREFIX))
          yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private listPage(prefix: string, token: string | undefined) {
    return this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix || undefined,
        MaxKeys: this.batchSize,
        ContinuationToken: token,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.listPage(`${prefix}/`, token);
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length > 0) {
        const { Errors } = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }),
        );
        // A batch delete answers 200 even when some keys failed: they are listed in Errors.
        const first = Errors?.[0];
        if (first)
          throw new Error(
            `Could not delete ${Errors.length} objects under ${prefix}/ (${first.Key}: ${first.Code} ${first.Message})`,
          );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads begun before `before` and never completed (an instance killed mid-upload leaves
   * one, holding its parts). A bucket lifecycle rule does the same; this needs no one to set it up.
   */
  async removeStaleTemporaries(before: Date): Promise<{ removed: number; bytes: number }> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
        // A resumable upload's parts wait up to UPLOAD_EXPIRY_HOURS: the uploads area's sweep aborts them.
        if (u.Key.startsWith(WAITING_UPLOADS_PREFIX)) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        removed += 1;
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    // The parts' sizes are not listed with the uploads; what was freed is counted in uploads only.
    return { removed, bytes: 0 };
  }

  close(): void {
    this.client.destroy();
  }
}
