// Material for the null test's tests (issue #36), made here: stems of a sine and seeded noise as 24-bit
// integer PCM, their exact sum, and the residual a null test should find, computed sample by sample in
// integers from the same arrays (the judge the measured figures are held to).
import { noise, wavHeader } from '../analysis/test-signals.ts';

/** 24-bit full scale: ffmpeg reads a 24-bit sample `v` as v / 2^23. */
export const FULL_24 = 2 ** 23;

/** Interleaved 24-bit integer samples. */
export interface Pcm {
  samples: Int32Array;
  channels: number;
  sampleRate: number;
}
export const framesOf = (p: Pcm) => p.samples.length / p.channels;

/** Stem `k`: a sine of its own pitch (a little apart per channel) and its own seeded noise, at `amplitude`. */
export function stemPcm(
  k: number,
  opts: { seconds: number; amplitude: number; channels?: number; sampleRate?: number },
): Pcm {
  const { seconds, amplitude, channels = 2, sampleRate = 44_100 } = opts;
  const frames = Math.round(seconds * sampleRate);
  const rand = noise(1000 + k);
  const samples = new Int32Array(frames * channels);
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels; c++) {
      const tone = Math.sin((2 * Math.PI * (110 * (k + 1) + 7 * c) * i) / sampleRate);
      samples[i * channels + c] = Math.round(amplitude * FULL_24 * (0.7 * tone + 0.3 * rand()));
    }
  return { samples, channels, sampleRate };
}

/** The exact sum (a mono stem in every channel), as long as the longest. */
export function sumPcm(parts: readonly Pcm[], channels = 2): Pcm {
  const frames = Math.max(...parts.map(framesOf));
  const samples = new Int32Array(frames * channels);
  for (const p of parts)
    for (let i = 0; i < framesOf(p); i++)
      for (let c = 0; c < channels; c++)
        samples[i * channels + c]! += p.samples[i * p.channels + (p.channels === 1 ? 0 : c)]!;
  return { samples, channels, sampleRate: parts[0]!.sampleRate };
}

/** The same stem `frames` sample frames late (its length kept: its last frames fall off). */
export function delayed(p: Pcm, frames: number): Pcm {
  const samples = new Int32Array(p.samples.length);
  samples.set(p.samples.subarray(0, p.samples.length - frames * p.channels), frames * p.channels);
  return { ...p, samples };
}

/** The residual a null test should find (stems minus mix over the longer): RMS and peak in dBFS. */
export function expectedResidual(stems: readonly Pcm[], mix: Pcm) {
  const total = sumPcm(stems, mix.channels);
  const frames = Math.max(framesOf(total), framesOf(mix));
  let squares = 0;
  let peak = 0;
  for (let i = 0; i < frames * mix.channels; i++) {
    const r = ((total.samples[i] ?? 0) - (mix.samples[i] ?? 0)) / FULL_24;
    squares += r * r;
    peak = Math.max(peak, Math.abs(r));
  }
  const db = (v: number) => 20 * Math.log10(v);
  return { rmsDbfs: db(Math.sqrt(squares / (frames * mix.channels))), peakDbfs: db(peak), frames };
}

/** A 24-bit PCM WAV file of `p`. */
export function wav24(p: Pcm): Buffer {
  const data = Buffer.alloc(p.samples.length * 3);
  for (let i = 0; i < p.samples.length; i++) data.writeIntLE(p.samples[i]!, i * 3, 3);
  return Buffer.concat([wavHeader(framesOf(p), p.sampleRate, p.channels, 24), data]);
}
