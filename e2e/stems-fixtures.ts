// Helpers for the stems spec: a mix and the stems it was made of, generated here so the test knows what they
// add up to: each stem a tone of its own, the mix their sum sample by sample plus a 1-LSB dither (so the
// residual is about −93 dBFS, well under the −60 dBFS of "stems sum to the mix", and not an exact zero).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stereoWav16 } from './media-fixtures.ts';

export const MIX_RATE = 44_100;

/** 16-bit samples of a sine at `hz` and `level` (0–1 of full scale), `seconds` long at `rate`. */
export function sineSamples(hz: number, level: number, seconds: number, rate = MIX_RATE): Int16Array {
  const frames = Math.round(seconds * rate);
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++)
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * level * 32767);
  return out;
}

/** A stereo WAV of mono samples (both channels the same). */
export function wavOf(samples: Int16Array, rate = MIX_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 4);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(samples[i]!, i * 4);
    data.writeInt16LE(samples[i]!, i * 4 + 2);
  }
  return stereoWav16(data, rate);
}

/** The stems' sum, sample by sample, with a deterministic ±1 LSB dither. */
export function mixOf(stems: Int16Array[]): Int16Array {
  const frames = stems[0]!.length;
  const out = new Int16Array(frames);
  let seed = 36;
  for (let i = 0; i < frames; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const dither = (seed >> 16) % 3 === 0 ? 1 : (seed >> 16) % 3 === 1 ? -1 : 0;
    let sum = dither;
    for (const s of stems) sum += s[i]!;
    out[i] = Math.max(-32768, Math.min(32767, sum));
  }
  return out;
}

/** Writes `buffer` as `name` in `dir`; returns its path. */
export function writeTo(dir: string, name: string, buffer: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, buffer);
  return file;
}
