// The records of a ZIP file (PKWARE APPNOTE 6.3.10) as a package writes them: every entry STORED (method 0),
// its name in UTF-8 (general purpose bit 11), its CRC-32 and sizes in the local header (no data descriptor),
// ZIP64 extra fields where a size or an offset does not fit in 32 bits, and a ZIP64 end of central directory
// (record and locator) before the classic one when the archive needs it. Each record's length is known from
// the entry alone, so zip-layout.ts places every byte before any is written.

/** 32 bits' sentinel: "see the ZIP64 extra field". A value equal to it must itself go to the extra field. */
export const MAX32 = 0xffff_ffff;
/** 16 bits' sentinel for the entry counts in the end of central directory. */
export const MAX16 = 0xffff;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;

const LOCAL_FIXED = 30;
const CENTRAL_FIXED = 46;
const ZIP64_END_LENGTH = 56;
const ZIP64_LOCATOR_LENGTH = 20;
const END_LENGTH = 22;

/** General purpose bit 11: the name (and comment) are UTF-8. */
const UTF8_NAMES = 0x0800;
const STORED = 0;
/** 2.0 (folders, stored), or 4.5 once ZIP64 is used. */
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
/** Made by: Unix (3) in the high byte, so the external attributes are a file mode; APPNOTE 4.5. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--, as Unix tools read the external attributes' high half. */
const FILE_MODE = (0o100644 << 16) >>> 0;

/** The ZIP64 extended information extra field's tag, and the extended timestamp's ("UT"). */
const ZIP64_TAG = 0x0001;
const TIMESTAMP_TAG = 0x5455;
/** The extended timestamp with its modification time only: a flags byte and 4 bytes of Unix seconds. */
const TIMESTAMP_LENGTH = 4 + 5;

/** An entry as the records need it. */
export interface RecordEntry {
  /** The name's UTF-8 bytes ('/' between folders). */
  name: Buffer;
  size: number;
  /** Unsigned. */
  crc32: number;
  modifiedAt: Date;
}

/** Whether the entry's sizes need ZIP64 (then both sizes are 0xFFFFFFFF in the headers and 8 bytes each). */
export const sizeNeedsZip64 = (size: number) => size >= MAX32;
/** Whether a local header at this offset needs ZIP64 in the central directory. */
export const offsetNeedsZip64 = (offset: number) => offset >= MAX32;

/**
 * The DOS date and time of `at`, read in UTC (a ZIP holds no zone; the extended timestamp beside it holds
 * the exact instant). Seconds are even; dates outside 1980-2107 are clamped to the range DOS can say.
 */
export function dosDateTime(at: Date): { date: number; time: number } {
  const year = at.getUTCFullYear();
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

/** Unix seconds for the extended timestamp, kept within its unsigned 32 bits. */
const unixSeconds = (at: Date) => Math.min(MAX32, Math.max(0, Math.floor(at.getTime() / 1000)));

const writeU64 = (buf: Buffer, value: number, at: number) => buf.writeBigUInt64LE(BigInt(value), at);

export function localHeaderLength(entry: Pick<RecordEntry, 'name' | 'size'>): number {
  return LOCAL_FIXED + entry.name.length + TIMESTAMP_LENGTH + (sizeNeedsZip64(entry.size) ? 20 : 0);
}

export function centralHeaderLength(entry: Pick<RecordEntry, 'name' | 'size'>, offset: number): number {
  const zip64 = (sizeNeedsZip64(entry.size) ? 16 : 0) + (offsetNeedsZip64(offset) ? 8 : 0);
  return CENTRAL_FIXED + entry.name.length + TIMESTAMP_LENGTH + (zip64 > 0 ? 4 + zip64 : 0);
}

/** Both headers say the same "version needed": 4.5 when either uses ZIP64 for this entry. */
const versionNeeded = (entry: RecordEntry, offset: number) =>
  sizeNeedsZip64(entry.size) || offsetNeedsZip64(offset) ? VERSION_ZIP64 : VERSION_PLAIN;

function timestampField(entry: RecordEntry): Buffer {
  const field = Buffer.alloc(TIMESTAMP_LENGTH);
  field.writeUInt16LE(TIMESTAMP_TAG, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(unixSeconds(entry.modifiedAt), 5);
  return field;
}

/** The local file header of an entry whose local header starts at `offset`. */
export function localHeader(entry: RecordEntry, offset: number): Buffer {
  const zip64 = sizeNeedsZip64(entry.size);
  const buf = Buffer.alloc(localHeaderLength(entry));
  const { date, time } = dosDateTime(entry.modifiedAt);
  buf.writeUInt32LE(LOCAL_HEADER, 0);
  buf.writeUInt16LE(versionNeeded(entry, offset), 4);
  buf.writeUInt16LE(UTF8_NAMES, 6);
  buf.writeUInt16LE(STORED, 8);
  buf.writeUInt16LE(time, 10);
  buf.writeUInt16LE(date, 12);
  buf.writeUInt32LE(entry.crc32 >>> 0, 14);
  buf.writeUInt32LE(zip64 ? MAX32 : entry.size, 18);
  buf.writeUInt32LE(zip64 ? MAX32 : entry.size, 22);
  buf.writeUInt16LE(entry.name.length, 26);
  buf.writeUInt16LE(buf.length - LOCAL_FIXED - entry.name.length, 28);
  entry.name.copy(buf, LOCAL_FIXED);
  let at = LOCAL_FIXED + entry.name.length;
  at += timestampField(entry).copy(buf, at);
  if (zip64) {
    // In a local header the field holds both sizes, uncompressed first.
    buf.writeUInt16LE(ZIP64_TAG, at);
    buf.writeUInt16LE(16, at + 2);
    writeU64(buf, entry.size, at + 4);
    writeU64(buf, entry.size, at + 12);
  }
  return buf;
}

/** The central directory header of an entry whose local header is at `offset`. */
export function centralHeader(entry: RecordEntry, offset: number): Buffer {
  const bigSize = sizeNeedsZip64(entry.size);
  const bigOffset = offsetNeedsZip64(offset);
  const buf = Buffer.alloc(centralHeaderLength(entry, offset));
  const { date, time } = dosDateTime(entry.modifiedAt);
  buf.writeUInt32LE(CENTRAL_HEADER, 0);
  buf.writeUInt16LE(MADE_BY, 4);
  buf.writeUInt16LE(versionNeeded(entry, offset), 6);
  buf.writeUInt16LE(UTF8_NAMES, 8);
  buf.writeUInt16LE(STORED, 10);
  buf.writeUInt16LE(time, 12);
  buf.writeUInt16LE(date, 14);
  buf.writeUInt32LE(entry.crc32 >>> 0, 16);
  buf.writeUInt32LE(bigSize ? MAX32 : entry.size, 20);
  buf.writeUInt32LE(bigSize ? MAX32 : entry.size, 24);
  buf.writeUInt16LE(entry.name.length, 28);
  buf.writeUInt16LE(buf.length - CENTRAL_FIXED - entry.name.length, 30);
  buf.writeUInt16LE(0, 32); // comment length
  buf.writeUInt16LE(0, 34); // disk number start
  buf.writeUInt16LE(0, 36); // internal attributes
  buf.writeUInt32LE(FILE_MODE, 38);
  buf.writeUInt32LE(bigOffset ? MAX32 : offset, 42);
  entry.name.copy(buf, CENTRAL_FIXED);
  let at = CENTRAL_FIXED + entry.name.length;
  at += timestampField(entry).copy(buf, at);
  if (bigSize || bigOffset) {
    // Only the values whose 32-bit field holds the sentinel, in this order.
    buf.writeUInt16LE(ZIP64_TAG, at);
    buf.writeUInt16LE(buf.length - at - 4, at + 2);
    at += 4;
    if (bigSize) {
      writeU64(buf, entry.size, at);
      writeU64(buf, entry.size, at + 8);
      at += 16;
    }
    if (bigOffset) writeU64(buf, offset, at);
  }
  return buf;
}

/** Where the central directory is, and how many entries it holds. */
export interface CentralDirectory {
  count: number;
  offset: number;
  size: number;
}

/** Whether the archive's end needs the ZIP64 record and locator: a count, size or offset past its field. */
export const endNeedsZip64 = (cd: CentralDirectory) =>
  cd.count >= MAX16 || cd.offset >= MAX32 || cd.size >= MAX32;

export const endLength = (cd: CentralDirectory) =>
  END_LENGTH + (endNeedsZip64(cd) ? ZIP64_END_LENGTH + ZIP64_LOCATOR_LENGTH : 0);

/** The end of the archive, right after the central directory: [ZIP64 record, ZIP64 locator,] the classic end. */
export function endRecords(cd: CentralDirectory): Buffer {
  const zip64 = endNeedsZip64(cd);
  const buf = Buffer.alloc(endLength(cd));
  let at = 0;
  if (zip64) {
    const recordAt = cd.offset + cd.size;
    buf.writeUInt32LE(ZIP64_END, 0);
    writeU64(buf, ZIP64_END_LENGTH - 12, 4);
    buf.writeUInt16LE(MADE_BY, 12);
    buf.writeUInt16LE(VERSION_ZIP64, 14);
    buf.writeUInt32LE(0, 16); // this disk
    buf.writeUInt32LE(0, 20); // the disk with the central directory
    writeU64(buf, cd.count, 24);
    writeU64(buf, cd.count, 32);
    writeU64(buf, cd.size, 40);
    writeU64(buf, cd.offset, 48);
    buf.writeUInt32LE(ZIP64_LOCATOR, 56);
    buf.writeUInt32LE(0, 60);
    writeU64(buf, recordAt, 64);
    buf.writeUInt32LE(1, 72); // disks in all
    at = ZIP64_END_LENGTH + ZIP64_LOCATOR_LENGTH;
  }
  buf.writeUInt32LE(END, at);
  buf.writeUInt16LE(0, at + 4);
  buf.writeUInt16LE(0, at + 6);
  buf.writeUInt16LE(Math.min(cd.count, MAX16), at + 8);
  buf.writeUInt16LE(Math.min(cd.count, MAX16), at + 10);
  buf.writeUInt32LE(Math.min(cd.size, MAX32), at + 12);
  buf.writeUInt32LE(Math.min(cd.offset, MAX32), at + 16);
  buf.writeUInt16LE(0, at + 20); // comment length
  return buf;
}
