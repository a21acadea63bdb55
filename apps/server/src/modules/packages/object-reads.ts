// Reading stored objects for packages: from the file itself, in large chunks, where storage is this machine's
// disk; through the storage's own reads otherwise (a bucket). fs streams read 64 KiB at a time by default,
// and at that size the hand-offs between the reads, the package's stream and the socket cost more than the
// reads themselves (bench:packages, decision 043); a download holds about one chunk at a time.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';

export const READ_CHUNK_BYTES = 1024 * 1024;

/** Bytes `start`..`end` (inclusive) of the object. */
export function objectRange(ctx: AppContext, key: string, start: number, end: number): Promise<Readable> {
  const file = ctx.storage.localPath?.(key);
  if (file) return Promise.resolve(createReadStream(file, { start, end, highWaterMark: READ_CHUNK_BYTES }));
  return ctx.storage.get(key, { start, end });
}

/** The whole object; NOT_FOUND when it is not there. */
export async function wholeObject(ctx: AppContext, key: string): Promise<Readable> {
  const file = ctx.storage.localPath?.(key);
  if (!file) return ctx.storage.get(key);
  if ((await ctx.storage.stat(key)) === null) throw notFound('File');
  return createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
}
