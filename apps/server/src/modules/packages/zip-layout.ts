// A package's ZIP laid out before its first byte (decision 043): from each entry's name, size, CRC-32 and
// time, every record's offset and the archive's length, so the answer has a Content-Length, an ETag and
// byte ranges. Any range is cut from the layout directly: the records it touches are made in memory, the
// entries' data are named as slices of their sources for the caller to read (zip-stream.ts). Nothing here
// reads a byte of an entry.
import { createHash } from 'node:crypto';
import {
  type CentralDirectory,
  centralHeader,
  centralHeaderLength,
  endLength,
  endRecords,
  localHeader,
  localHeaderLength,
  type RecordEntry,
} from './zip-records.ts';

/** What an entry's bytes are read from: the caller's, passed back in each data slice. */
export interface ZipEntry<S> {
  /** The path inside the archive, '/' between folders. */
  name: string;
  size: number;
  crc32: number;
  /** Lower-case hex; in the ETag (and the checksums file), not in the ZIP itself. */
  sha256: string;
  modifiedAt: Date;
  source: S;
}

interface Placed<S> extends RecordEntry {
  entry: ZipEntry<S>;
  /** Where its local header starts, and its data. */
  headerAt: number;
  dataAt: number;
}

export interface ZipLayout<S> {
  entries: readonly Placed<S>[];
  /** Where each entry's local header starts, in entry order. */
  headerAt: readonly number[];
  /** Where each entry's central directory header starts, in entry order. */
  centralAt: readonly number[];
  central: CentralDirectory;
  endAt: number;
  /** The archive's length in bytes. */
  length: number;
  /** A strong validator of these exact bytes: the format, and every entry's name, size, digests and time. */
  etag: string;
}

/** Changes whenever the bytes a layout produces would change for the same entries (the writer's format). */
const FORMAT = 'mixdesk-zip-1';

export function layOut<S>(entries: readonly ZipEntry<S>[]): ZipLayout<S> {
  const placed: Placed<S>[] = [];
  let at = 0;
  for (const entry of entries) {
    const record = {
      name: Buffer.from(entry.name, 'utf8'),
      size: entry.size,
      crc32: entry.crc32,
      modifiedAt: entry.modifiedAt,
    };
    if (record.name.length > 0xffff) throw new Error(`A name in the package is too long: ${entry.name}`);
    const headerAt = at;
    const dataAt = headerAt + localHeaderLength(record);
    placed.push({ ...record, entry, headerAt, dataAt });
    at = dataAt + entry.size;
  }
  const centralAt: number[] = [];
  const offset = at;
  for (const p of placed) {
    centralAt.push(at);
    at += centralHeaderLength(p, p.headerAt);
  }
  const central = { count: placed.length, offset, size: at - offset };
  const length = at + endLength(central);
  if (!Number.isSafeInteger(length)) throw new Error('The package is too large');
  const headerAt = placed.map((p) => p.headerAt);
  return { entries: placed, headerAt, centralAt, central, endAt: at, length, etag: etagOf(entries) };
}

function etagOf(entries: readonly ZipEntry<unknown>[]): string {
  const hash = createHash('sha256').update(FORMAT);
  for (const e of entries)
    hash.update(
      JSON.stringify([e.name, e.size, e.crc32 >>> 0, e.sha256, Math.floor(e.modifiedAt.getTime() / 1000)]),
    );
  return `"zip-${hash.digest('base64url').slice(0, 32)}"`;
}

/** A slice of the archive: bytes made here, or part of an entry's data (inclusive offsets into it). */
export type Piece<S> =
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'data'; source: S; entry: ZipEntry<S>; start: number; end: number };

/** The last index whose value is at most `at` (values ascending; -1 when none). */
function lastAtOrBefore(values: readonly number[], at: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Made records are handed on in runs of about this much, not one small buffer per header. */
const RUN_BYTES = 64 * 1024;

/**
 * The pieces of bytes `start`..`end` (inclusive) of the archive, in order: only the records the range
 * touches are made, and only the data it covers are named.
 */
export function* piecesOf<S>(layout: ZipLayout<S>, start: number, end: number): Generator<Piece<S>> {
  const last = Math.min(end, layout.length - 1);
  let at = start;
  const { entries } = layout;
  // Local headers and data.
  for (let i = Math.max(0, lastAtOrBefore(layout.headerAt, at)); i < entries.length && at <= last; i++) {
    const e = entries[i]!;
    if (at < e.dataAt) {
      const upTo = Math.min(last + 1, e.dataAt);
      yield { kind: 'bytes', bytes: localHeader(e, e.headerAt).subarray(at - e.headerAt, upTo - e.headerAt) };
      at = upTo;
    }
    const dataEnd = e.dataAt + e.size;
    if (at <= last && at < dataEnd) {
      const upTo = Math.min(last + 1, dataEnd);
      yield {
        kind: 'data',
        source: e.entry.source,
        entry: e.entry,
        start: at - e.dataAt,
        end: upTo - 1 - e.dataAt,
      };
      at = upTo;
    }
  }
  // The central directory, in runs.
  if (at <= last && at < layout.endAt) {
    let run: Buffer[] = [];
    let runBytes = 0;
    for (let i = Math.max(0, lastAtOrBefore(layout.centralAt, at)); i < entries.length && at <= last; i++) {
      const e = entries[i]!;
      const from = layout.centralAt[i]!;
      const header = centralHeader(e, e.headerAt);
      const upTo = Math.min(last + 1, from + header.length);
      run.push(header.subarray(at - from, upTo - from));
      runBytes += upTo - at;
      at = upTo;
      if (runBytes >= RUN_BYTES) {
        yield { kind: 'bytes', bytes: Buffer.concat(run) };
        run = [];
        runBytes = 0;
      }
    }
    if (run.length) yield { kind: 'bytes', bytes: Buffer.concat(run) };
  }
  // The end records.
  if (at <= last) {
    const end = endRecords(layout.central);
    yield { kind: 'bytes', bytes: end.subarray(at - layout.endAt, last + 1 - layout.endAt) };
  }
}
