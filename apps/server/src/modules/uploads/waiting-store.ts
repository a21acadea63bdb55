// Where a resumable upload's bytes wait until the last one lands: DATA_DIR/uploads (disk-store.ts) for one
// instance, or the S3 bucket (s3-store.ts), where every instance sees them. store.ts picks one.
import type { Readable } from 'node:stream';

/** What a chunk must satisfy: at most `maxBytes`, and the SHA-256 (base64) when the client sent one. */
export interface ChunkRules {
  maxBytes: number;
  sha256?: string;
  /** fsync before resolving (default); a scratch file that is read back at once needs none. */
  sync?: boolean;
  /** Write whole blocks with O_DIRECT where the chunk begins on a block boundary (the disk store asks). */
  direct?: boolean;
}

/** An upload with bytes in the store, and when they were last written. */
export interface WaitingUpload {
  id: string;
  modifiedAt: Date;
}

export interface WaitingStore {
  /** Makes the upload's empty place, durable before this resolves. */
  createUpload(id: string, length: number): Promise<void>;
  /** The bytes kept for the upload (all of them durable); null when it is gone. */
  offsetOf(id: string): Promise<number | null>;
  /**
   * Appends `source` at `offset` (where the upload stands) and resolves with the new offset once the bytes are
   * durable. A chunk past `rules.maxBytes` or off its checksum leaves nothing; a chunk cut off midway keeps
   * what arrived, unless a checksum was to vouch for it.
   */
  writeChunk(id: string, offset: number, source: Readable, rules: ChunkRules): Promise<number>;
  /** The complete upload's bytes, start to end. */
  readAll(id: string): Promise<Readable>;
  /** The upload's bytes as a file on this machine, where they are one (the disk store). */
  localPath?(id: string): string;
  /** Removes the upload's bytes and records; nothing there is not an error. */
  removeUpload(id: string): Promise<void>;
  /** Every upload with bytes or records in the store (the sweep removes those no live row names). */
  waiting(): AsyncIterable<WaitingUpload>;
}
