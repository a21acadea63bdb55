// Loudness of a stream of interleaved samples (issue #17): integrated loudness per ITU-R BS.1770-4, loudness
// range per EBU Tech 3342 and the short-term curve. Samples are K-weighted and summed into 100 ms
// sub-blocks; 400 ms blocks (75 % overlap) and 3 s windows are sums of those. Gating needs every block's
// loudness, so blocks go into fixed histograms (0.01 LU bins, each keeping its count and exact energy)
// rather than a list: memory stays constant however long the file, at an error far below 0.01 LU.
import { type Biquad, channelWeights, highPassFilter, shelfFilter } from './k-weighting.ts';

const ABSOLUTE_GATE = -70;
const RELATIVE_GATE_INTEGRATED = -10;
const RELATIVE_GATE_RANGE = -20;
/** BS.1770's offset so a 997 Hz sine at full scale on one channel reads −3.01 LUFS. */
const OFFSET = -0.691;
const SUB_BLOCKS_PER_SECOND = 10;
const BLOCK_SUB_BLOCKS = 4; // 400 ms
const SHORT_TERM_SUB_BLOCKS = 30; // 3 s
/** Filter state this small is flushed to zero: decaying into subnormal numbers would slow the loop tenfold. */
const TINY = 1e-25;

/** Mean square (channel-weighted) to LUFS; −∞ for zero. */
export const toLufs = (meanSquare: number) => OFFSET + 10 * Math.log10(meanSquare);

/** Loudness values from the absolute gate up, in 0.01 LU bins, each with its count and summed mean squares. */
class GateHistogram {
  static readonly STEP = 0.01;
  static readonly TOP = 30;
  readonly counts = new Float64Array(Math.round((GateHistogram.TOP - ABSOLUTE_GATE) / GateHistogram.STEP));
  readonly energies = new Float64Array(this.counts.length);
  count = 0;
  energy = 0;

  /** Adds a block, if it passes the absolute gate. */
  add(meanSquare: number): void {
    const lufs = toLufs(meanSquare);
    if (!(lufs > ABSOLUTE_GATE)) return;
    const bin = Math.min(this.counts.length - 1, Math.floor((lufs - ABSOLUTE_GATE) / GateHistogram.STEP));
    this.counts[bin]! += 1;
    this.energies[bin]! += meanSquare;
    this.count++;
    this.energy += meanSquare;
  }

  /** The first bin whose blocks are above `relative` LU under the mean of the absolutely gated blocks. */
  relativeGateBin(relative: number): number {
    const gate = toLufs(this.energy / this.count) + relative;
    return Math.max(0, Math.ceil((gate - ABSOLUTE_GATE) / GateHistogram.STEP - 0.5));
  }

  centre(bin: number): number {
    return ABSOLUTE_GATE + (bin + 0.5) * GateHistogram.STEP;
  }
}

export interface LoudnessResult {
  integratedLufs: number | null;
  loudnessRange: number | null;
  /** Every second, the 3 s window ending there (the first two cover the audio so far); null when gated out. */
  shortTerm: (number | null)[];
}

export class LoudnessMeter {
  private readonly channels: number;
  private readonly weights: Float64Array;
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  /** Per channel: the two transposed-direct-form states of each stage. */
  private readonly state: Float64Array;
  private readonly subSums: Float64Array;
  /** The last 30 sub-blocks' weighted energy sums and frame counts, as rings. */
  private readonly ringEnergy = new Float64Array(SHORT_TERM_SUB_BLOCKS);
  private readonly ringFrames = new Float64Array(SHORT_TERM_SUB_BLOCKS);
  private readonly blocks = new GateHistogram();
  private readonly shortTermBlocks = new GateHistogram();
  private readonly series: (number | null)[] = [];
  private subIndex = 0;
  private subStart = 0;
  private subEnd: number;
  private frame = 0;

  constructor(
    private readonly sampleRate: number,
    channels: number,
  ) {
    this.channels = channels;
    this.weights = channelWeights(channels);
    this.shelf = shelfFilter(sampleRate);
    this.highPass = highPassFilter(sampleRate);
    this.state = new Float64Array(channels * 4);
    this.subSums = new Float64Array(channels);
    this.subEnd = this.boundary(1);
  }

  /** Where sub-block `n` starts, in frames: rounded, so rates not divisible by 10 keep in step. */
  private boundary(n: number): number {
    return Math.round((n * this.sampleRate) / SUB_BLOCKS_PER_SECOND);
  }

  /** Takes interleaved samples, a whole number of frames. */
  push(samples: Float32Array): void {
    const frames = Math.floor(samples.length / this.channels);
    let at = 0;
    while (at < frames) {
      const take = Math.min(frames - at, this.subEnd - this.frame);
      for (let c = 0; c < this.channels; c++) this.filterSegment(samples, at, take, c);
      at += take;
      this.frame += take;
      if (this.frame === this.subEnd) this.closeSubBlock();
    }
  }

  /** Runs both stages over `take` frames of channel `c`, adding the squares to its sub-block sum. */
  private filterSegment(samples: Float32Array, from: number, take: number, c: number): void {
    const { b0, b1, b2, a1, a2 } = this.shelf;
    const { b0: h0, b1: h1, b2: h2, a1: g1, a2: g2 } = this.highPass;
    const st = this.state;
    const o = c * 4;
    let s1 = st[o]!;
    let s2 = st[o + 1]!;
    let t1 = st[o + 2]!;
    let t2 = st[o + 3]!;
    let sum = 0;
    const stride = this.channels;
    const end = (from + take) * stride + c;
    for (let i = from * stride + c; i < end; i += stride) {
      const x = samples[i]!;
      const y = b0 * x + s1;
      s1 = b1 * x - a1 * y + s2;
      s2 = b2 * x - a2 * y;
      const z = h0 * y + t1;
      t1 = h1 * y - g1 * z + t2;
      t2 = h2 * y - g2 * z;
      sum += z * z;
    }
    st[o] = Math.abs(s1) < TINY ? 0 : s1;
    st[o + 1] = Math.abs(s2) < TINY ? 0 : s2;
    st[o + 2] = Math.abs(t1) < TINY ? 0 : t1;
    st[o + 3] = Math.abs(t2) < TINY ? 0 : t2;
    this.subSums[c]! += sum;
  }

  private closeSubBlock(): void {
    let energy = 0;
    for (let c = 0; c < this.channels; c++) {
      energy += this.weights[c]! * this.subSums[c]!;
      this.subSums[c] = 0;
    }
    const slot = this.subIndex % SHORT_TERM_SUB_BLOCKS;
    this.ringEnergy[slot] = energy;
    this.ringFrames[slot] = this.subEnd - this.subStart;
    this.subIndex++;
    this.subStart = this.subEnd;
    this.subEnd = this.boundary(this.subIndex + 1);
    const done = this.subIndex;
    if (done >= BLOCK_SUB_BLOCKS) this.blocks.add(this.windowMeanSquare(BLOCK_SUB_BLOCKS));
    // Short-term values for the range every 100 ms (Tech 3342 asks for at least 10 per second).
    if (done >= SHORT_TERM_SUB_BLOCKS) this.shortTermBlocks.add(this.windowMeanSquare(SHORT_TERM_SUB_BLOCKS));
    if (done % SUB_BLOCKS_PER_SECOND === 0) {
      const lufs = toLufs(this.windowMeanSquare(Math.min(done, SHORT_TERM_SUB_BLOCKS)));
      this.series.push(lufs > ABSOLUTE_GATE ? Math.round(lufs * 100) / 100 : null);
    }
  }

  /** The weighted mean square over the last `n` sub-blocks. */
  private windowMeanSquare(n: number): number {
    let energy = 0;
    let frames = 0;
    for (let k = 1; k <= n; k++) {
      const slot = (this.subIndex - k) % SHORT_TERM_SUB_BLOCKS;
      energy += this.ringEnergy[slot]!;
      frames += this.ringFrames[slot]!;
    }
    return frames > 0 ? energy / frames : 0;
  }

  /** Frames taken so far. */
  get frames(): number {
    return this.frame;
  }

  finish(): LoudnessResult {
    return {
      integratedLufs: integrated(this.blocks),
      loudnessRange: range(this.shortTermBlocks),
      shortTerm: this.series,
    };
  }
}

/** BS.1770-4 §2.8: the mean of the blocks above the absolute gate and then the relative gate. */
function integrated(h: GateHistogram): number | null {
  if (h.count === 0) return null;
  const from = h.relativeGateBin(RELATIVE_GATE_INTEGRATED);
  let count = 0;
  let energy = 0;
  for (let i = from; i < h.counts.length; i++) {
    count += h.counts[i]!;
    energy += h.energies[i]!;
  }
  return count > 0 ? toLufs(energy / count) : null;
}

/** EBU Tech 3342: the spread between the 10th and 95th percentiles of the gated short-term loudness. */
function range(h: GateHistogram): number | null {
  if (h.count === 0) return null;
  const from = h.relativeGateBin(RELATIVE_GATE_RANGE);
  let count = 0;
  for (let i = from; i < h.counts.length; i++) count += h.counts[i]!;
  if (count === 0) return null;
  const low = percentileBin(h, from, count, 0.1);
  const high = percentileBin(h, from, count, 0.95);
  return Math.max(0, h.centre(high) - h.centre(low));
}

/** The bin holding the value at rank round((n − 1) p) among the `count` values from bin `from` up. */
function percentileBin(h: GateHistogram, from: number, count: number, p: number): number {
  const rank = Math.round((count - 1) * p);
  let seen = 0;
  for (let i = from; i < h.counts.length; i++) {
    seen += h.counts[i]!;
    if (seen > rank) return i;
  }
  return h.counts.length - 1;
}
