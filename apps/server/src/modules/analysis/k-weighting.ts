// The K-weighting filter of ITU-R BS.1770-4 (issue #17): a high shelf modelling the head (stage 1) then the
// RLB high-pass (stage 2). The standard tabulates both only for 48 kHz; here they come from the analogue
// prototypes those tables were made from, through the bilinear transform with the cutoff pre-warped, so any
// sample rate gets the same curve (and 48 kHz reproduces the table).

/** One second-order section, normalised so a0 = 1: y = b0 x + b1 x1 + b2 x2 − a1 y1 − a2 y2. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The analogue prototypes: cutoff (Hz), Q and, for the shelf, its gain (dB), fitted to the 48 kHz table. */
export const SHELF = { f0: 1681.974450955533, q: 0.7071752369554196, gainDb: 3.999843853973347 };
/** The shelf's mid-band gain as a power of its high-frequency gain (the prototype's zero placement). */
const SHELF_MID_EXPONENT = 0.4996667741545416;
export const HIGH_PASS = { f0: 38.13547087602444, q: 0.5003270373238773 };

/**
 * H(s) = (n2 s² + n1 s + n0) / (s² + s/q + 1) with s normalised to the cutoff, mapped by the bilinear transform
 * s → (1/K)(1 − z⁻¹)/(1 + z⁻¹), K = tan(π f0 / fs): the cutoff lands where it was in the analogue filter.
 */
function bilinear(n2: number, n1: number, n0: number, q: number, f0: number, sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const kk = k * k;
  const a0 = 1 + k / q + kk;
  return {
    b0: (n2 + n1 * k + n0 * kk) / a0,
    b1: (2 * (n0 * kk - n2)) / a0,
    b2: (n2 - n1 * k + n0 * kk) / a0,
    a1: (2 * (kk - 1)) / a0,
    a2: (1 - k / q + kk) / a0,
  };
}

/** Stage 1: the high shelf (+4 dB above about 2 kHz). */
export function shelfFilter(sampleRate: number): Biquad {
  const vh = 10 ** (SHELF.gainDb / 20);
  const vb = vh ** SHELF_MID_EXPONENT;
  return bilinear(vh, vb / SHELF.q, 1, SHELF.q, SHELF.f0, sampleRate);
}

/** Stage 2: the RLB high-pass. Its numerator stays 1, −2, 1 as in the standard's table (not scaled by a0). */
export function highPassFilter(sampleRate: number): Biquad {
  const f = bilinear(1, 0, 0, HIGH_PASS.q, HIGH_PASS.f0, sampleRate);
  return { b0: 1, b1: -2, b2: 1, a1: f.a1, a2: f.a2 };
}

/** The BS.1770 channel weights by channel count, in ffmpeg's default layout order; the LFE does not count. */
export function channelWeights(channels: number): Float64Array {
  const S = 1.41;
  const byCount: Record<number, number[]> = {
    1: [1],
    2: [1, 1],
    3: [1, 1, 1], // 3.0: FL FR FC
    4: [1, 1, 1, S], // 4.0: FL FR FC BC
    5: [1, 1, 1, S, S], // 5.0: FL FR FC BL BR
    6: [1, 1, 1, 0, S, S], // 5.1: FL FR FC LFE BL BR
    7: [1, 1, 1, 0, S, S, S], // 6.1: FL FR FC LFE BC SL SR
    8: [1, 1, 1, 0, S, S, S, S], // 7.1: FL FR FC LFE BL BR SL SR
  };
  const weights = byCount[channels];
  if (!weights) throw new RangeError(`Loudness analysis takes 1 to 8 channels, not ${channels}`);
  return Float64Array.from(weights);
}
