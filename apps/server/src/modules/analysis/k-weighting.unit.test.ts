// The K-weighting filter: the bilinear-transform design reproduces BS.1770-4's 48 kHz table, and other sample
// rates get the same response curve.
import { describe, expect, it } from 'vitest';
import { type Biquad, channelWeights, highPassFilter, shelfFilter } from './k-weighting.ts';

/** |H(e^jω)| in dB of the two stages in cascade at `hz`. */
function responseDb(sampleRate: number, hz: number): number {
  const w = (2 * Math.PI * hz) / sampleRate;
  const gain = (f: Biquad) => {
    const num = [
      f.b0 + f.b1 * Math.cos(w) + f.b2 * Math.cos(2 * w),
      -f.b1 * Math.sin(w) - f.b2 * Math.sin(2 * w),
    ];
    const den = [
      1 + f.a1 * Math.cos(w) + f.a2 * Math.cos(2 * w),
      -f.a1 * Math.sin(w) - f.a2 * Math.sin(2 * w),
    ];
    return Math.hypot(num[0]!, num[1]!) / Math.hypot(den[0]!, den[1]!);
  };
  return 20 * Math.log10(gain(shelfFilter(sampleRate)) * gain(highPassFilter(sampleRate)));
}

describe('K-weighting', () => {
  it('matches the coefficients BS.1770-4 tabulates for 48 kHz', () => {
    const shelf = shelfFilter(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    const highPass = highPassFilter(48_000);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });

  it('gives the same curve at 44.1 and 96 kHz as at 48 kHz', () => {
    for (const hz of [20, 50, 100, 500, 1000, 2000, 5000, 10_000]) {
      const reference = responseDb(48_000, hz);
      expect(Math.abs(responseDb(44_100, hz) - reference)).toBeLessThan(0.05);
      expect(Math.abs(responseDb(96_000, hz) - reference)).toBeLessThan(0.05);
    }
    // The shape itself: the high-pass takes the lows away, the shelf lifts the highs by about 4 dB.
    expect(responseDb(48_000, 20)).toBeLessThan(-10);
    expect(responseDb(48_000, 10_000)).toBeCloseTo(4, 0);
  });

  it('weighs surrounds 1.41, leaves out the LFE, and refuses more than 8 channels', () => {
    expect([...channelWeights(2)]).toEqual([1, 1]);
    expect([...channelWeights(6)]).toEqual([1, 1, 1, 0, 1.41, 1.41]);
    expect(() => channelWeights(9)).toThrow(RangeError);
  });
});
