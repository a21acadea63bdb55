// Tempo of a stream of interleaved samples (issue #17). The signal is reduced to about 250 energy frames a
// second (all channels summed, so nothing cancels); the rise in level (dB) from frame to frame is the onset
// strength. Its autocorrelation is accumulated as the frames arrive, over lags up to 4 s, so memory stays
// constant. The beat period is the lag in 60–200 BPM that correlates best, weighed by a broad preference
// for tempos near 120 BPM (which settles the octave: 70 vs 140), then refined from the peaks at its
// multiples, where a lag's rounding matters proportionally less. The preference means a pulse faster than
// about 170 BPM reads at half time (174 → 87), as most tempo readers do.

const FRAMES_PER_SECOND = 250;
const MAX_LAG_SECONDS = 4;
const MIN_BPM = 60;
const MAX_BPM = 200;
/** Tempo preference: a log-normal bump centred here, one octave wide (σ). */
const PREFERRED_BPM = 120;
const PREFERENCE_OCTAVES = 1;
/** Frames quieter than this (mean square, about −70 dBFS) count as silence: noise there is no onset. */
const FLOOR = 1e-7;
/** Less than this much audio gives no tempo. */
const MIN_SECONDS = 4;
/** Below this confidence no tempo is given. */
const MIN_CONFIDENCE = 0.1;
/**
 * The level is read over this many frames (32 ms), hopping one frame: a window shorter than a bass note's
 * period would see the note's own waveform as a pulse.
 */
const WINDOW_HOPS = 8;

export interface TempoResult {
  bpm: number | null;
  confidence: number | null;
}

export class TempoTracker {
  private readonly hop: number;
  private readonly rate: number;
  private readonly maxLag: number;
  /** The last onset values (newest at `count − 1`), a power of two long for cheap wrapping. */
  private readonly ring: Float64Array;
  private readonly mask: number;
  /** The first maxLag onset values, for the exact mean removal at the end. */
  private readonly head: Float64Array;
  private readonly ac: Float64Array;
  private count = 0;
  private sum = 0;
  private energy = 0;
  private left: number;
  private previousDb = 10 * Math.log10(FLOOR);
  private flux1 = 0;
  private flux2 = 0;
  /** The last WINDOW_HOPS frames' energies, summed: the level is read over that longer window. */
  private readonly recent = new Float64Array(WINDOW_HOPS);
  private recentSum = 0;

  constructor(
    sampleRate: number,
    private readonly channels: number,
  ) {
    this.hop = Math.max(1, Math.round(sampleRate / FRAMES_PER_SECOND));
    this.rate = sampleRate / this.hop;
    this.maxLag = Math.ceil(this.rate * MAX_LAG_SECONDS);
    let size = 1;
    while (size <= this.maxLag) size *= 2;
    this.ring = new Float64Array(size);
    this.mask = size - 1;
    this.head = new Float64Array(this.maxLag + 1);
    this.ac = new Float64Array(this.maxLag + 1);
    this.left = this.hop * channels;
  }

  /** Takes interleaved samples, a whole number of frames. */
  push(samples: Float32Array): void {
    let energy = this.energy;
    let left = this.left;
    const n = samples.length;
    let i = 0;
    while (i < n) {
      const start = i;
      const end = Math.min(n, i + left);
      for (; i < end; i++) {
        const x = samples[i]!;
        energy += x * x;
      }
      left -= end - start;
      if (left === 0) {
        this.frame(energy);
        energy = 0;
        left = this.hop * this.channels;
      }
    }
    this.energy = energy;
    this.left = left;
  }

  /** One energy frame: its level rise, half-wave rectified and lightly smoothed, joins the autocorrelation. */
  private frame(energy: number): void {
    const slot = this.count % WINDOW_HOPS;
    this.recentSum += energy - this.recent[slot]!;
    this.recent[slot] = energy;
    const level = Math.max(0, this.recentSum) / (WINDOW_HOPS * this.hop * this.channels);
    const db = 10 * Math.log10(Math.max(level, FLOOR));
    const flux = db > this.previousDb ? db - this.previousDb : 0;
    this.previousDb = db;
    const onset = 0.25 * flux + 0.5 * this.flux1 + 0.25 * this.flux2;
    this.flux2 = this.flux1;
    this.flux1 = flux;
    const n = this.count;
    const ring = this.ring;
    const mask = this.mask;
    ring[n & mask] = onset;
    if (n <= this.maxLag) this.head[n] = onset;
    const lags = Math.min(n, this.maxLag);
    const ac = this.ac;
    for (let lag = 0; lag <= lags; lag++) ac[lag]! += onset * ring[(n - lag) & mask]!;
    this.count = n + 1;
    this.sum += onset;
  }

  /** The mean-removed autocorrelation, per product, relative to lag 0 (1 = the signal repeats exactly). */
  private correlation(): Float64Array | null {
    const n = this.count;
    const mean = this.sum / n;
    const r = new Float64Array(this.maxLag + 1);
    // Σ x[k] over k ≥ lag and over k < n − lag, grown one end value at a time.
    let fromLag = this.sum;
    let beforeEnd = this.sum;
    for (let lag = 0; lag <= this.maxLag && lag < n; lag++) {
      if (lag > 0) {
        fromLag -= this.head[lag - 1]!;
        beforeEnd -= this.ring[(n - lag) & this.mask]!;
      }
      const pairs = n - lag;
      r[lag] = (this.ac[lag]! - mean * (fromLag + beforeEnd) + pairs * mean * mean) / pairs;
    }
    const zero = r[0]!;
    if (!(zero > 1e-12)) return null;
    for (let lag = 0; lag < r.length; lag++) r[lag]! /= zero;
    return r;
  }

  finish(): TempoResult {
    const none = { bpm: null, confidence: null };
    if (this.count < this.rate * MIN_SECONDS || this.count <= 2 * this.maxLag) return none;
    const r = this.correlation();
    if (!r) return none;
    const minLag = Math.floor((this.rate * 60) / MAX_BPM);
    const maxLag = Math.ceil((this.rate * 60) / MIN_BPM);
    let best = -1;
    let bestScore = -Infinity;
    const values: number[] = [];
    for (let lag = minLag; lag <= maxLag; lag++) {
      values.push(r[lag]!);
      // Only a local maximum is a period; a slope next to one is not.
      if (!(r[lag]! >= r[lag - 1]! && r[lag]! >= r[lag + 1]!)) continue;
      const octaves = Math.log2((this.rate * 60) / lag / PREFERRED_BPM) / PREFERENCE_OCTAVES;
      const score = r[lag]! * Math.exp(-0.5 * octaves * octaves);
      if (score > bestScore) {
        bestScore = score;
        best = lag;
      }
    }
    if (best < 0 || !(r[best]! > 0)) return none;
    values.sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)]!;
    const confidence = Math.round(Math.min(1, Math.max(0, r[best]! - Math.max(0, median))) * 100) / 100;
    // Sound with no pulse (a held note, noise) still has some best lag; it is not a tempo.
    if (confidence < MIN_CONFIDENCE) return { bpm: null, confidence };
    const period = this.refine(r, best);
    return {
      bpm: Math.round(((this.rate * 60) / period) * 10) / 10,
      confidence: Math.round(confidence * 100) / 100,
    };
  }

  /** The period from the peaks at 1, 2, 3… times it (least squares through the origin), each peak parabolic. */
  private refine(r: Float64Array, lag: number): number {
    let period = peakNear(r, lag, 1);
    let weighted = period;
    let weights = 1;
    for (let k = 2; k * period + 3 < this.maxLag; k++) {
      // Predicted from the estimate so far, which sharpens as k grows, so the search can stay narrow.
      const at = peakNear(r, Math.round(k * period), 2);
      // A multiple that barely correlates is noise, not the beat coming round again.
      if (r[Math.round(at)]! < 0.5 * r[lag]!) continue;
      weighted += k * at;
      weights += k * k;
      period = weighted / weights;
    }
    return period;
  }
}

/** The highest point within `reach` lags of `around`, to a fraction of a lag by a parabola through three. */
function peakNear(r: Float64Array, around: number, reach: number): number {
  let top = around;
  for (let lag = around - reach; lag <= around + reach; lag++)
    if (lag > 0 && lag < r.length - 1 && r[lag]! > r[top]!) top = lag;
  if (top <= 0 || top >= r.length - 1) return top;
  const a = r[top - 1]!;
  const b = r[top]!;
  const c = r[top + 1]!;
  const curve = a - 2 * b + c;
  return curve < 0 ? top + (0.5 * (a - c)) / curve : top;
}
