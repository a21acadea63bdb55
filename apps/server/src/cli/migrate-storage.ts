// `npm run migrate-storage -- --to s3` (or `--to disk`): copies every stored object from DATA_DIR/files to the
// S3 bucket of the S3_* settings, or back. Each object the target lacks, or holds with another size or
// SHA-256, is copied and then read back and checked; one already there and equal is skipped, so a rerun
// finishes what an interrupted run left (a write is atomic on both sides: no half object is ever seen).
// Nothing is removed from the source. On S3 the SHA-256 is kept as object metadata, so that a rerun
// compares without downloading.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { type Config, loadConfig } from '../config.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { formatBytes, LocalDiskStorage, type Storage } from '../platform/storage/storage.ts';

export interface MigrationSummary {
  copied: number;
  skipped: number;
  failed: number;
  /** Bytes copied (skipped objects not counted). */
  bytes: number;
  seconds: number;
}

interface Checksum {
  size: number;
  sha256: string;
}

/** Passes bytes on, counting and hashing them. */
export class Hasher extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
  digest(): Checksum {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** The size and SHA-256 of a stream's bytes. */
export async function checksumOfStream(stream: Readable): Promise<Checksum> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** An object's checksum: the one kept with it (S3 metadata) when there is one, else its bytes hashed. */
async function checksumOf(storage: Storage, key: string, size: number): Promise<Checksum> {
  const kept = await storage.storedSha256?.(key);
  return kept ? { size, sha256: kept } : checksumOfStream(await storage.get(key));
}

/** Copies one object unless the target holds it already; answers whether it copied. */
async function copyObject(source: Storage, target: Storage, key: string, size: number): Promise<boolean> {
  const there = await target.stat(key);
  let expected: Checksum | undefined;
  if (there?.size === size) {
    expected = await checksumOf(source, key, size);
    if ((await checksumOf(target, key, size)).sha256 === expected.sha256) return false;
  }
  // A target that keeps checksums is told the SHA-256 before the upload starts.
  if (!expected && target.storedSha256) expected = await checksumOf(source, key, size);
  const hasher = new Hasher();
  const input = await source.get(key);
  // A source that fails midway fails the write (which then leaves nothing behind).
  input.on('error', (err) => hasher.destroy(err));
  await target.put(key, input.pipe(hasher), { maxBytes: size, sha256: expected?.sha256 });
  const sent = hasher.digest();
  // Read back: the bytes the target now holds must be the source's, or the copy goes.
  const back = await checksumOfStream(await target.get(key));
  const reason =
    sent.size !== size
      ? `the source had ${sent.size} bytes, not the ${size} listed`
      : expected && sent.sha256 !== expected.sha256
        ? 'the source changed while it was copied'
        : back.size !== sent.size || back.sha256 !== sent.sha256
          ? 'the copy read back differently'
          : null;
  if (reason) {
    await target.remove(key);
    throw new Error(reason);
  }
  return true;
}

/** Copies every object of `source` into `target`; a failed object is reported and the rest go on. */
export async function migrateStorage(
  source: Storage,
  target: Storage,
  print: (line: string) => void = console.log,
): Promise<MigrationSummary> {
  const started = performance.now();
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0, bytes: 0, seconds: 0 };
  for await (const { key, size } of source.list()) {
    try {
      if (await copyObject(source, target, key, size)) {
        summary.copied += 1;
        summary.bytes += size;
      } else summary.skipped += 1;
    } catch (err) {
      summary.failed += 1;
      print(`failed: ${key}: ${(err as Error).message}`);
    }
  }
  summary.seconds = (performance.now() - started) / 1000;
  print(
    `migrate-storage: copied ${summary.copied}, skipped ${summary.skipped}, failed ${summary.failed}, ` +
      `${formatBytes(summary.bytes)} in ${summary.seconds.toFixed(1)} s`,
  );
  return summary;
}

const USAGE =
  'Usage: npm run migrate-storage -- --to s3 | --to disk (with the S3_* settings and DATA_DIR set)';

/** The source and target the direction names, from the server's own settings. */
async function storagesFor(to: 's3' | 'disk', config: Config): Promise<{ source: Storage; target: Storage }> {
  const disk = new LocalDiskStorage(path.join(config.dataDir, 'files'));
  // createStorage checks that the bucket answers, with the server's message when it does not.
  const bucket = await createStorage(config);
  return to === 's3' ? { source: disk, target: bucket } : { source: bucket, target: disk };
}

/** The command: answers its exit code (0: every object is in the target; 1: some failed; 2: bad usage). */
export async function migrateStorageCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  const at = argv.indexOf('--to');
  const to = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--to='))?.slice(5);
  if (to !== 's3' && to !== 'disk') {
    print(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (!config.s3) {
    print(`S3_BUCKET is not set: there is no bucket to copy ${to === 's3' ? 'to' : 'from'}. ${USAGE}`);
    return 2;
  }
  const { source, target } = await storagesFor(to, config);
  try {
    const summary = await migrateStorage(source, target, print);
    return summary.failed > 0 ? 1 : 0;
  } finally {
    source.close?.();
    target.close?.();
  }
}
