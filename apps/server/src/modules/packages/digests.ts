// Each stored object's CRC-32 and SHA-256 (and size), which a package needs before its first byte: the ZIP's
// headers carry the CRC-32 ahead of the data, and checksums.sha256 and the ETag the SHA-256. They are read
// once per object and kept (object_digests). Ahead of time, a periodic task queues a job of kind 'digests'
// for keys that have none; a package asked for before then computes its missing ones on the spot.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AppContext } from '../../platform/context.ts';
import { isoIn } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler, jobQueue } from '../../platform/jobs/jobs.ts';
import { namedStorageKeys } from '../../platform/storage/stored-keys.ts';
import {
  type Digest,
  digestKeysAfter,
  digestRows,
  keysWithoutDigest,
  removeDigests,
  saveDigest,
} from './digests-repo.ts';
import { wholeObject } from './object-reads.ts';

export type { Digest } from './digests-repo.ts';

/** Objects read at once for one package's missing digests (each read is a whole object, disk or network). */
export const DIGEST_CONCURRENCY = 2;
/** Keys a 'digests' job takes (its payload), and how many the periodic task queues at a time. */
export const DIGESTS_PER_JOB = 200;
/**
 * How often the area looks for objects without digests (a few indexed reads, at most DIGESTS_PER_JOB keys),
 * unless DIGEST_SWEEP_SECONDS says otherwise.
 */
export const DEFAULT_DIGEST_SWEEP_SECONDS = 60;
/** How often it removes the digests of objects gone (a walk over every digest row, a page at a time). */
export const UNNAMED_SWEEP_MS = 60 * 60 * 1000;
/** A digest row is removed with its object only once this old (a row naming the object may be on its way). */
const UNNAMED_GRACE_MS = 60 * 60 * 1000;

/** The digests of bytes held in memory (a package's generated files). */
export function digestOf(bytes: Buffer): Digest {
  return {
    size: bytes.length,
    crc32: crc32(bytes) >>> 0,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The digests of a stream of bytes, read once. */
export async function digestOfStream(stream: AsyncIterable<Buffer>): Promise<Digest> {
  const sha = createHash('sha256');
  let crc = 0;
  let size = 0;
  for await (const chunk of stream) {
    crc = crc32(chunk, crc);
    sha.update(chunk);
    size += chunk.length;
  }
  return { size, crc32: crc >>> 0, sha256: sha.digest('hex') };
}

/** One computation per key at a time on this instance, shared by every request that needs it meanwhile. */
const computing = new WeakMap<AppContext, Map<string, Promise<Digest>>>();

/** Reads the object once, keeps its digests and returns them. NOT_FOUND when the object is gone. */
export function computeDigest(ctx: AppContext, key: string): Promise<Digest> {
  let running = computing.get(ctx);
  if (!running) {
    running = new Map();
    computing.set(ctx, running);
  }
  const pending = running.get(key);
  if (pending) return pending;
  const work = (async () => {
    const digest = await digestOfStream(await wholeObject(ctx, key));
    await saveDigest(ctx.db, key, digest);
    return digest;
  })().finally(() => running?.delete(key));
  running.set(key, work);
  return work;
}

/** Runs `each` over `items`, at most `limit` at once. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The digests of every key, computing the missing ones now (DIGEST_CONCURRENCY objects at a time). A package
 * whose objects are all known answers at once; one with objects stored since the last sweep waits here, before
 * its first byte, for those objects to be read once each.
 */
export async function digestsOf(ctx: AppContext, keys: readonly string[]): Promise<Map<string, Digest>> {
  const known = await digestRows(ctx.db, keys);
  const missing = [...new Set(keys.filter((k) => !known.has(k)))];
  await inPool(missing, DIGEST_CONCURRENCY, async (key) => {
    known.set(key, await computeDigest(ctx, key));
  });
  return known;
}

/** The job of kind 'digests': the keys in its payload, each read once unless it has its digests already. */
export function digestsJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const keys = Array.isArray(job.payload.keys)
      ? job.payload.keys.filter((k): k is string => typeof k === 'string')
      : [];
    const known = await digestRows(ctx.db, keys);
    let computed = 0;
    let gone = 0;
    for (const [i, key] of keys.entries()) {
      if (control.signal.aborted) break;
      if (!known.has(key)) {
        // An object removed since it was queued has nothing to read.
        if ((await ctx.storage.stat(key)) === null) gone += 1;
        else {
          await computeDigest(ctx, key);
          computed += 1;
        }
      }
      control.progress((i + 1) / keys.length);
    }
    return { computed, gone };
  };
}

/** Queues one job for keys without digests (at most one such job waits or runs at a time). */
export async function queueMissingDigests(ctx: AppContext): Promise<number> {
  const keys = await keysWithoutDigest(ctx.db, DIGESTS_PER_JOB);
  if (keys.length === 0) return 0;
  await enqueueJob(ctx.db, {
    kind: 'digests',
    subjectId: 'stored-objects',
    projectId: null,
    payload: { keys },
    dedupeKey: 'backlog',
  });
  jobQueue(ctx).kick();
  return keys.length;
}

/** Removes the digests of objects that no row names any more (older than the grace, a page at a time). */
export async function removeUnnamedDigests(ctx: AppContext): Promise<number> {
  const before = isoIn(-UNNAMED_GRACE_MS);
  let after = '';
  let removed = 0;
  for (;;) {
    const keys = await digestKeysAfter(ctx.db, after, before, 500);
    if (keys.length === 0) return removed;
    const named = await namedStorageKeys(ctx.db, ctx.storedKeys, keys);
    const unnamed = keys.filter((k) => !named.has(k));
    await removeDigests(ctx.db, unnamed);
    removed += unnamed.length;
    after = keys[keys.length - 1]!;
  }
}
