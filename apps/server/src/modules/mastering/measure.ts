// The measurements a master is made from and checked by (issue #32): one decode of a file gives the loudness
// figures (analyse.ts, as an upload's analysis), a true peak read with a 48-tap interpolator (the analysis's
// 12 taps read a hi-hat-rich mix up to 0.25 dB under an independent meter, too much to hold a ceiling by)
// and, for the original, the limiter model's profile.
import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import { type AudioShape, analyseFile, PeakMeter } from '../analysis/public.ts';
import type { Decoders } from '../media/public.ts';
import { LimiterModel, type LimiterProfile } from './limiter-model.ts';

/** Flat to about 0.45 fs: within 0.08 dB of ffmpeg's ebur128 (192 kHz) on 92 test masters, median 0.01. */
export const CHECK_INTERPOLATOR = { taps: 48, kaiserBeta: 8 };

export interface Measured {
  figures: LoudnessFigures;
  /** True peak by the 48-tap interpolator, dBTP; null for silence. */
  truePeakDbtp: number | null;
}

const toDb = (linear: number) => (linear > 0 ? 20 * Math.log10(linear) : null);

interface Progress {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A render, as it will be kept: figures and the careful true peak. */
export async function measureMaster(
  d: Decoders,
  file: string,
  shape: AudioShape,
  opts: Progress = {},
): Promise<Measured> {
  const peak = new PeakMeter(shape.channels, CHECK_INTERPOLATOR);
  const figures = await analyseFile(d, file, shape, opts.onProgress, opts.signal, [peak]);
  return { figures, truePeakDbtp: toDb(peak.finish().truePeak) };
}

/** The original: what a render of it is planned from. */
export async function measureOriginal(
  d: Decoders,
  file: string,
  shape: AudioShape,
  opts: Progress = {},
): Promise<Measured & { profile: LimiterProfile }> {
  const peak = new PeakMeter(shape.channels, CHECK_INTERPOLATOR);
  const model = new LimiterModel(shape.sampleRate, shape.channels);
  const figures = await analyseFile(d, file, shape, opts.onProgress, opts.signal, [peak, model]);
  return { figures, truePeakDbtp: toDb(peak.finish().truePeak), profile: model.finish() };
}
