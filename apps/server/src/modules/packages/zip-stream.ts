// The bytes of a range of a package, as a stream with backpressure: the records the range touches are made in
// memory (zip-layout.ts), the entries' data are read from storage with ranged reads, a chunk at a time, so
// memory stays bounded whatever the package's size, and a range deep in a 10 GB package reads only what it
// covers. An object that does not hold the bytes its digests promised ends the answer with an error (the
// client sees a cut-off download, never wrong bytes under a right length).
import { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context.ts';
import { objectRange } from './object-reads.ts';
import { piecesOf, type ZipLayout } from './zip-layout.ts';

/** An entry's bytes: a stored object, or bytes made for this answer (markers, checksums). */
export type EntrySource = { kind: 'object'; key: string } | { kind: 'bytes'; body: Buffer };

export type PackageLayout = ZipLayout<EntrySource>;

async function* rangeBytes(
  ctx: AppContext,
  layout: PackageLayout,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  for (const piece of piecesOf(layout, start, end)) {
    if (piece.kind === 'bytes') {
      if (piece.bytes.length > 0) yield piece.bytes;
      continue;
    }
    const { source } = piece;
    if (source.kind === 'bytes') {
      yield source.body.subarray(piece.start, piece.end + 1);
      continue;
    }
    const expected = piece.end - piece.start + 1;
    let read = 0;
    for await (const chunk of await objectRange(ctx, source.key, piece.start, piece.end)) {
      const bytes = chunk as Buffer;
      read += bytes.length;
      if (read > expected) break;
      yield bytes;
    }
    if (read !== expected)
      throw new Error(
        `The stored object ${source.key} does not hold the bytes its digests say (${piece.entry.name})`,
      );
  }
}

/** Bytes `start`..`end` (inclusive) of the package. */
export function packageStream(ctx: AppContext, layout: PackageLayout, start: number, end: number): Readable {
  return Readable.from(rangeBytes(ctx, layout, start, end), { objectMode: false });
}
