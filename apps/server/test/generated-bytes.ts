// Streams of any length for storage tests, made as they are read (never held whole), whose every range can
// be checked: byte i of a stream is i % 251.
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;
/** Bytes 0, 1, ..., 250, 0, 1, ...: one chunk's worth from any offset into the cycle. */
const PATTERN = Buffer.from(Array.from({ length: CHUNK + 251 }, (_, i) => i % 251));

/** `total` bytes in 64 KiB chunks (views of PATTERN); with `failAfter`, it fails there like a cut upload. */
export function generated(total: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(CHUNK, total - sent);
      const offset = sent % 251;
      sent += n;
      this.push(PATTERN.subarray(offset, offset + n));
    },
  });
}

/** The `length` bytes a generated stream holds from `start` (length at most 64 KiB). */
export const patternAt = (start: number, length: number) =>
  PATTERN.subarray(start % 251, (start % 251) + length);
