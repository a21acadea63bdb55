// The packages area's table (migration 0037-stems): each stored object's size, CRC-32 and SHA-256, which a
// package (one ZIP of many objects) needs before its first byte leaves; see db/schema.ts for how areas
// declare tables.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface ObjectDigestsTable {
  /** The stored object's key; objects never change once stored, so neither does its row. */
  storage_key: string;
  /** Bytes, as read when the digests were computed (bigint: read with Number). */
  size: ColumnType<number | string, number, number>;
  /** CRC-32 (ZIP's, unsigned), as a number (bigint: read with Number). */
  crc32: ColumnType<number | string, number, number>;
  /** SHA-256, lower-case hex. */
  sha256: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    object_digests: ObjectDigestsTable;
  }
}
