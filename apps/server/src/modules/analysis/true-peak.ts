// Sample peak and true peak of a stream of interleaved samples (issue #17). The true peak follows ITU-R
// BS.1770-4 Annex 2: 4× oversampling, then the largest magnitude. The interpolator is a polyphase FIR: phase
// 0 is the samples themselves, phases 1–3 are 12-tap Kaiser-windowed sincs at ¼, ½ and ¾ of a sample
// (flat within 0.07 dB to fs/4 and 0.25 dB to 0.4 fs). Stretches that cannot beat the peak found so far
// are skipped unfiltered, which keeps loud-but-not-loudest music cheap. Mastering checks its renders with a
// longer interpolator (interpolator option): 12 taps read a hi-hat-rich mix up to 0.25 dB under its peak.

export const TAPS = 12;
const KAISER_BETA = 4;
/** Outputs judged at once when deciding whether a stretch can be skipped. */
const STRETCH = 32;

/** The modified Bessel function I0, by its power series (converges fast for the betas used here). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 40; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** The interpolator's length and window: the analysis uses 12 taps; a longer one is flat closer to fs/2. */
export interface Interpolator {
  taps: number;
  kaiserBeta: number;
}

/**
 * The three fractional phases, 12 taps each by default: phase p's tap j (0…11) weighs sample m + j − 5 to
 * give the value at m + p/4. Each phase is scaled to unity gain at DC so a slow signal reads the same on
 * every phase.
 */
export function interpolationPhases(
  { taps: length, kaiserBeta }: Interpolator = { taps: TAPS, kaiserBeta: KAISER_BETA },
): Float64Array[] {
  const half = length / 2;
  const phases: Float64Array[] = [];
  for (let p = 1; p < 4; p++) {
    const frac = p / 4;
    const taps = new Float64Array(length);
    let sum = 0;
    for (let j = 0; j < length; j++) {
      const t = j - (half - 1) - frac;
      const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
      const window =
        besselI0(kaiserBeta * Math.sqrt(Math.max(0, 1 - (t / half) ** 2))) / besselI0(kaiserBeta);
      taps[j] = sinc * window;
      sum += taps[j]!;
    }
    for (let j = 0; j < length; j++) taps[j]! /= sum;
    phases.push(taps);
  }
  return phases;
}

export interface PeakResult {
  /** Linear, 0 for silence. */
  samplePeak: number;
  truePeak: number;
}

export class PeakMeter {
  private readonly phases: Float64Array[];
  private readonly taps: number;
  private readonly half: number;
  /** Samples kept from the previous chunk: the filter reaches half − 1 back and half ahead. */
  private readonly history: number;
  /** The most any phase can amplify: a stretch whose loudest sample times this cannot beat the peak. */
  private readonly gainBound: number;
  /** Per channel: the last `history` samples, then the chunk being measured. */
  private lines: Float64Array[];
  private samplePeak = 0;
  private truePeak = 0;

  constructor(
    private readonly channels: number,
    interpolator: Interpolator = { taps: TAPS, kaiserBeta: KAISER_BETA },
  ) {
    if (!(Number.isInteger(interpolator.taps / 2) && interpolator.taps >= 4))
      throw new RangeError('The interpolator takes an even number of taps, at least 4');
    this.phases = interpolationPhases(interpolator);
    this.taps = interpolator.taps;
    this.half = this.taps / 2;
    this.history = this.taps - 1;
    this.lines = Array.from({ length: channels }, () => new Float64Array(this.history + 4096));
    this.gainBound = Math.max(...this.phases.map((taps) => taps.reduce((a, b) => a + Math.abs(b), 0)));
  }

  /** Takes interleaved samples, a whole number of frames. */
  push(samples: Float32Array): void {
    const frames = Math.floor(samples.length / this.channels);
    for (let c = 0; c < this.channels; c++) this.pushChannel(samples, frames, c);
  }

  private pushChannel(samples: Float32Array, frames: number, c: number): void {
    let line = this.lines[c]!;
    const history = this.history;
    const length = history + frames;
    if (line.length < length) {
      const grown = new Float64Array(length);
      grown.set(line.subarray(0, history));
      this.lines[c] = line = grown;
    }
    const stride = this.channels;
    let peak = this.samplePeak;
    for (let i = 0, at = c; i < frames; i++, at += stride) {
      const v = samples[at]!;
      line[history + i] = v;
      const a = v < 0 ? -v : v;
      if (a > peak) peak = a;
    }
    this.samplePeak = peak;
    if (peak > this.truePeak) this.truePeak = peak;
    this.interpolate(line, length);
    line.copyWithin(0, length - history, length);
  }

  /** Fills in between line[m] and line[m + 1] for every m whose taps all lie in the line. */
  private interpolate(line: Float64Array, length: number): void {
    const [p1, p2, p3] = this.phases as [Float64Array, Float64Array, Float64Array];
    const half = this.half;
    const taps = this.taps;
    const last = length - half - 1;
    let best = this.truePeak;
    for (let from = half - 1; from <= last; from += STRETCH) {
      const to = Math.min(last, from + STRETCH - 1);
      let loudest = 0;
      for (let i = from - half + 1; i <= to + half; i++) {
        const v = line[i]!;
        const a = v < 0 ? -v : v;
        if (a > loudest) loudest = a;
      }
      if (loudest * this.gainBound <= best) continue;
      for (let m = from; m <= to; m++) {
        const base = m - half + 1;
        let y1 = 0;
        let y2 = 0;
        let y3 = 0;
        for (let j = 0; j < taps; j++) {
          const x = line[base + j]!;
          y1 += p1[j]! * x;
          y2 += p2[j]! * x;
          y3 += p3[j]! * x;
        }
        if (y1 < 0) y1 = -y1;
        if (y2 < 0) y2 = -y2;
        if (y3 < 0) y3 = -y3;
        if (y1 > best) best = y1;
        if (y2 > best) best = y2;
        if (y3 > best) best = y3;
      }
    }
    this.truePeak = best;
  }

  /** Flushes the samples still waiting for the taps ahead of them (as if silence followed). */
  finish(): PeakResult {
    this.push(new Float32Array(this.half * this.channels));
    return { samplePeak: this.samplePeak, truePeak: this.truePeak };
  }
}
