// What a limiter would do to a version, worked out before anything is rendered (issue #32). The decoded
// samples are reduced to 2.5 ms blocks, each keeping its loudest sample (over all channels: the limiter is
// linked) and its K-weighted energy (BS.1770, as the loudness meter weighs it). For a gain and a limiter
// ceiling the model runs an idealised limiter over the blocks (it reaches each peak's reduction 5 ms ahead
// and lets go over 50 ms, as the render's does) and gates the limited energy as BS.1770 does: the integrated
// loudness the master would have. From that: the gain that reaches a target, and how much loudness the
// limiter takes away on the way, which is what decides whether a target is in reach without distortion.
import { channelWeights, highPassFilter, shelfFilter } from '../analysis/public.ts';

const BLOCKS_PER_SECOND = 400;
/** BS.1770: 100 ms sub-blocks, 400 ms gating blocks, gates at −70 LUFS and 10 LU under the mean. */
const BLOCKS_PER_SUB_BLOCK = 40;
const SUB_BLOCKS_PER_GATE_BLOCK = 4;
const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;
const OFFSET = -0.691;
/** The limiter's look-ahead (blocks: 5 ms) and release time constant (s), as the render runs it. */
const LOOKAHEAD_BLOCKS = 2;
const RELEASE_SECONDS = 0.05;
const TINY = 1e-25;

const fromDb = (db: number) => 10 ** (db / 20);

/** The blocks of one version: loudest sample and K-weighted energy (summed over frames and channels). */
export interface LimiterProfile {
  peaks: Float32Array;
  energies: Float64Array;
  frames: Uint32Array;
}

/** Takes interleaved samples as a decoder gives them and keeps one peak and one energy per 2.5 ms. */
export class LimiterModel {
  private readonly weights: Float64Array;
  private readonly shelf;
  private readonly highPass;
  private readonly state: Float64Array;
  private peaks: number[] = [];
  private energies: number[] = [];
  private frames: number[] = [];
  private blockPeak = 0;
  private blockEnergy = 0;
  private blockStart = 0;
  private blockEnd: number;
  private frame = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {
    this.weights = channelWeights(channels);
    this.shelf = shelfFilter(sampleRate);
    this.highPass = highPassFilter(sampleRate);
    this.state = new Float64Array(channels * 4);
    this.blockEnd = this.boundary(1);
  }

  private boundary(n: number): number {
    return Math.round((n * this.sampleRate) / BLOCKS_PER_SECOND);
  }

  /** Interleaved samples, a whole number of frames. */
  push(samples: Float32Array): void {
    const frames = Math.floor(samples.length / this.channels);
    let at = 0;
    while (at < frames) {
      const take = Math.min(frames - at, this.blockEnd - this.frame);
      for (let c = 0; c < this.channels; c++) this.segment(samples, at, take, c);
      at += take;
      this.frame += take;
      if (this.frame === this.blockEnd) this.closeBlock();
    }
  }

  /** K-weights `take` frames of channel `c` into the block's energy, and keeps their loudest sample. */
  private segment(samples: Float32Array, from: number, take: number, c: number): void {
    const { b0, b1, b2, a1, a2 } = this.shelf;
    const { b0: h0, b1: h1, b2: h2, a1: g1, a2: g2 } = this.highPass;
    const st = this.state;
    const o = c * 4;
    let s1 = st[o]!;
    let s2 = st[o + 1]!;
    let t1 = st[o + 2]!;
    let t2 = st[o + 3]!;
    let sum = 0;
    let peak = this.blockPeak;
    const stride = this.channels;
    const end = (from + take) * stride + c;
    for (let i = from * stride + c; i < end; i += stride) {
      const x = samples[i]!;
      const a = x < 0 ? -x : x;
      if (a > peak) peak = a;
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
    this.blockPeak = peak;
    this.blockEnergy += this.weights[c]! * sum;
  }

  private closeBlock(): void {
    this.peaks.push(this.blockPeak);
    this.energies.push(this.blockEnergy);
    this.frames.push(this.frame - this.blockStart);
    this.blockPeak = 0;
    this.blockEnergy = 0;
    this.blockStart = this.frame;
    this.blockEnd = this.boundary(this.peaks.length + 1);
  }

  finish(): LimiterProfile {
    if (this.frame > this.blockStart) this.closeBlock();
    return {
      peaks: Float32Array.from(this.peaks),
      energies: Float64Array.from(this.energies),
      frames: Uint32Array.from(this.frames),
    };
  }
}

/**
 * The integrated loudness (LUFS) of the profile after `gainDb` and a limiter at `limitDb` dBFS (null: no
 * limiter); null when it is all under the absolute gate.
 */
export function predictLoudness(
  profile: LimiterProfile,
  gainDb: number,
  limitDb: number | null,
): number | null {
  const { peaks, energies, frames } = profile;
  const n = peaks.length;
  const gain = fromDb(gainDb);
  const limit = limitDb === null ? Number.POSITIVE_INFINITY : fromDb(limitDb);
  const release = 1 - Math.exp(-1 / (RELEASE_SECONDS * BLOCKS_PER_SECOND));
  // The limiter's gain per block: the reduction each peak needs, reached ahead of it, let go slowly after.
  const wanted = new Float64Array(n);
  for (let b = 0; b < n; b++) {
    const peak = peaks[b]! * gain;
    wanted[b] = peak > limit ? limit / peak : 1;
  }
  const subBlocks = Math.ceil(n / BLOCKS_PER_SUB_BLOCK);
  const subEnergy = new Float64Array(subBlocks);
  const subFrames = new Float64Array(subBlocks);
  let held = 1;
  for (let b = 0; b < n; b++) {
    let ahead = wanted[b]!;
    for (let k = 1; k <= LOOKAHEAD_BLOCKS && b + k < n; k++) ahead = Math.min(ahead, wanted[b + k]!);
    held = Math.min(ahead, held + (1 - held) * release);
    const s = Math.floor(b / BLOCKS_PER_SUB_BLOCK);
    subEnergy[s]! += energies[b]! * gain * gain * held * held;
    subFrames[s]! += frames[b]!;
  }
  return gatedLoudness(subEnergy, subFrames);
}

/** BS.1770-4 §2.8 over 400 ms blocks made of four 100 ms sub-blocks (75 % overlap). */
function gatedLoudness(subEnergy: Float64Array, subFrames: Float64Array): number | null {
  const blocks: number[] = [];
  for (let s = SUB_BLOCKS_PER_GATE_BLOCK - 1; s < subEnergy.length; s++) {
    let energy = 0;
    let frames = 0;
    for (let k = 0; k < SUB_BLOCKS_PER_GATE_BLOCK; k++) {
      energy += subEnergy[s - k]!;
      frames += subFrames[s - k]!;
    }
    const meanSquare = frames > 0 ? energy / frames : 0;
    if (OFFSET + 10 * Math.log10(meanSquare) > ABSOLUTE_GATE) blocks.push(meanSquare);
  }
  if (blocks.length === 0) return null;
  const gate = OFFSET + 10 * Math.log10(blocks.reduce((a, b) => a + b, 0) / blocks.length) + RELATIVE_GATE;
  let sum = 0;
  let count = 0;
  for (const m of blocks)
    if (OFFSET + 10 * Math.log10(m) > gate) {
      sum += m;
      count++;
    }
  return count > 0 ? OFFSET + 10 * Math.log10(sum / count) : null;
}

export interface Reach {
  /** The gain that reaches the target through the limiter, by the model. */
  gainDb: number;
  /** How much loudness the limiter takes away at that gain, LU: the gain past what plain gain would need. */
  limitingLu: number;
}

/** Most gain the search tries past plain gain: nothing sensible needs 30 dB of limiting. */
const SEARCH_DB = 30;

/** The loudness the limiter at `limitDb` takes away at `gainDb`, LU. */
export function limitingAt(profile: LimiterProfile, gainDb: number, limitDb: number): number {
  const plain = predictLoudness(profile, gainDb, null);
  const limited = predictLoudness(profile, gainDb, limitDb);
  if (plain === null) return 0;
  return limited === null ? Number.POSITIVE_INFINITY : plain - limited;
}

/** The gain that brings the profile to `targetLufs` through a limiter at `limitDb`, by bisection. */
export function reachTarget(profile: LimiterProfile, targetLufs: number, limitDb: number): Reach | null {
  const unity = predictLoudness(profile, 0, null);
  if (unity === null) return null;
  const plain = targetLufs - unity;
  let low = plain;
  let high = plain + SEARCH_DB;
  const at = (g: number) => predictLoudness(profile, g, limitDb) ?? Number.NEGATIVE_INFINITY;
  if (at(high) < targetLufs) return { gainDb: high, limitingLu: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 40 && high - low > 0.001; i++) {
    const mid = (low + high) / 2;
    if (at(mid) < targetLufs) low = mid;
    else high = mid;
  }
  return { gainDb: high, limitingLu: limitingAt(profile, high, limitDb) };
}

/**
 * The loudest integrated loudness the profile reaches through a limiter at `limitDb` with the limiter taking
 * at most `maxLimitingLu` away: the target to offer instead of one out of reach.
 */
export function loudestWithin(
  profile: LimiterProfile,
  limitDb: number,
  maxLimitingLu: number,
): number | null {
  const unity = predictLoudness(profile, 0, null);
  if (unity === null) return null;
  // Limiting grows with gain: find the gain where it reaches the most allowed.
  let low = -SEARCH_DB;
  let high = SEARCH_DB * 2;
  for (let i = 0; i < 40 && high - low > 0.001; i++) {
    const mid = (low + high) / 2;
    if (limitingAt(profile, mid, limitDb) > maxLimitingLu) high = mid;
    else low = mid;
  }
  return predictLoudness(profile, low, limitDb);
}
