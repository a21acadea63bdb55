// The limiter model (issue #32) against what the standards and plain arithmetic say: BS.1770 reads a stereo
// 1 kHz sine at its peak level in dBFS (EBU Tech 3341 case 1: −23 dBFS reads −23.0 LUFS ±0.1); gain adds to
// the loudness decibel for decibel; a limiter below a steady sine holds it at the limit, so it takes away
// exactly the difference; brief clicks over the limit cost little.
import { describe, expect, it } from 'vitest';
import { fromDb, sine } from '../analysis/test-signals.ts';
import {
  LimiterModel,
  type LimiterProfile,
  limitingAt,
  loudestWithin,
  predictLoudness,
  reachTarget,
} from './limiter-model.ts';

const RATE = 48_000;

function profileOf(samples: Float32Array, chunkFrames = 4096): LimiterProfile {
  const model = new LimiterModel(RATE, 2);
  for (let at = 0; at < samples.length; at += chunkFrames * 2)
    model.push(samples.subarray(at, at + chunkFrames * 2));
  return model.finish();
}

const tone = profileOf(sine({ seconds: 10, sampleRate: RATE, dbfs: -20 }));

/** A −20 dBFS tone with a 1 ms click at −3 dBFS every second. */
function clicky(): Float32Array {
  const samples = sine({ seconds: 10, sampleRate: RATE, dbfs: -20 });
  for (let at = 0; at < samples.length / 2; at += RATE)
    for (let i = 0; i < RATE / 1000; i++)
      for (let c = 0; c < 2; c++) samples[(at + i) * 2 + c] = fromDb(-3) * Math.sin(i / 3);
  return samples;
}

describe('the limiter model', () => {
  it('reads a stereo 1 kHz sine at its peak level, and adds gain decibel for decibel', () => {
    expect(Math.abs(predictLoudness(tone, 0, null)! - -20)).toBeLessThanOrEqual(0.1);
    expect(predictLoudness(tone, 6, null)! - predictLoudness(tone, 0, null)!).toBeCloseTo(6, 9);
    expect(predictLoudness(profileOf(new Float32Array(RATE * 2 * 5)), 0, null)).toBeNull();
  });

  it('leaves a tone under the limit alone, and holds one over it at the limit', () => {
    expect(predictLoudness(tone, 0, -19)).toBeCloseTo(predictLoudness(tone, 0, null)!, 9);
    expect(Math.abs(predictLoudness(tone, 0, -26)! - -26)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(limitingAt(tone, 0, -26) - 6)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(limitingAt(tone, 4, -26) - 10)).toBeLessThanOrEqual(0.1);
  });

  it('charges brief clicks over the limit little, a steady tone over it all of its excess', () => {
    const clicks = profileOf(clicky());
    // The clicks pass the −12 dBFS limit by 9 dB for 1 ms a second: what is taken is their own share of the
    // energy (about 5 %) and the tone's under the release after each (50 ms): under 1 LU, not 9.
    const taken = limitingAt(clicks, 0, -12);
    expect(taken).toBeGreaterThan(0.1);
    expect(taken).toBeLessThan(1);
    // A tone 9 dB over the limit all the time loses the 9 dB.
    expect(Math.abs(limitingAt(tone, 9, -20) - 9)).toBeLessThanOrEqual(0.1);
  });

  it('finds the gain that reaches a target, and says when only flattening could', () => {
    const plain = reachTarget(tone, -14, -1)!;
    expect(Math.abs(plain.gainDb - 6)).toBeLessThanOrEqual(0.1);
    expect(plain.limitingLu).toBeLessThanOrEqual(0.01);
    // A tone held at −17 dBFS never reads louder than −17 LUFS, however much gain.
    expect(reachTarget(tone, -14, -17)!.limitingLu).toBe(Number.POSITIVE_INFINITY);
    // The loudest it gets with at most 3 LU taken off: held at the limit, −17.
    expect(Math.abs(loudestWithin(tone, -17, 3)! - -17)).toBeLessThanOrEqual(0.1);
  });

  it('does not depend on how the samples are chunked', () => {
    const samples = clicky().subarray(0, RATE * 2 * 3);
    const whole = profileOf(samples, 1 << 20);
    for (const chunk of [1, 7, 1000]) {
      const parts = profileOf(samples, chunk);
      expect(Array.from(parts.peaks)).toEqual(Array.from(whole.peaks));
      expect(Array.from(parts.frames)).toEqual(Array.from(whole.frames));
      for (const [i, e] of parts.energies.entries()) expect(e).toBeCloseTo(whole.energies[i]!, 9);
    }
  });
});
