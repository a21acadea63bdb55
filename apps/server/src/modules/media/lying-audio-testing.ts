// Test factories for files that lie about their length (issue #31): a long silent FLAC (tiny, as silence
// compresses to almost nothing) whose STREAMINFO is then rewritten to declare another length, or none.
import { encodedLavfi } from './media-testing.ts';

export const SILENCE_RATE = 44_100;

/** `seconds` of mono 44.1 kHz silence as FLAC: about 0.5 MB and 0.4 s of encoding a quarter of an hour. */
export function silentFlac(seconds: number): Promise<Buffer> {
  return encodedLavfi(
    `anullsrc=r=${SILENCE_RATE}:cl=mono:n=4608`,
    ['-t', String(seconds), '-c:a', 'flac', '-compression_level', '0'],
    'flac',
  );
}

/**
 * A copy of `flac` whose STREAMINFO declares `totalSamples` (0: "unknown", as the format allows). The field
 * is the low 36 bits of the 8 bytes after the 4-byte marker, the 4-byte block header and the 10 bytes of
 * block and frame sizes; the MD5 of the audio, the 16 bytes after it, is cleared (all zeros: not computed).
 */
export function declaringSamples(flac: Buffer, totalSamples: number): Buffer {
  if (flac.subarray(0, 4).toString('latin1') !== 'fLaC') throw new Error('not a FLAC file');
  const copy = Buffer.from(flac);
  const at = 18;
  const mask = (1n << 36n) - 1n;
  copy.writeBigUInt64BE((copy.readBigUInt64BE(at) & ~mask) | BigInt(totalSamples), at);
  copy.fill(0, at + 8, at + 24);
  return copy;
}

/** The sample rate a FLAC's STREAMINFO states (the top 20 bits of the same 8 bytes). */
export const flacSampleRate = (flac: Buffer) => Number(flac.readBigUInt64BE(18) >> 44n);

/**
 * A raw ADTS AAC stream: `loud` seconds of noise, then `quiet` of silence. ADTS states no length, and
 * ffprobe's guess from the first frames' bitrate reads such a file far shorter than it is.
 */
export function loudThenQuietAac(loud: number, quiet: number): Promise<Buffer> {
  return encodedLavfi(
    `anoisesrc=d=${loud}:a=0.5:r=44100,apad=pad_len=${quiet * 44_100}`,
    ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'],
    'aac',
  );
}
